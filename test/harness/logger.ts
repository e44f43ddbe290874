/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { inspect } from 'util';

import { LoggerProxy } from 'n8n-workflow';
import type { Logger as WorkflowLogger, LogMetadata } from 'n8n-workflow';

import { Container, Logger } from './n8n-core-container';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface LogLine {
	level: LogLevel;
	message: string;
	metadata?: LogMetadata;
}

export interface LogCapture {
	/** Every line logged since `captureLogs()`, at every level including debug. */
	readonly lines: LogLine[];
	/** All lines as one string, metadata included, to search for a value that must not leak. */
	text(): string;
	stop(): void;
}

const activeCaptures = new Set<LogLine[]>();

/** Silent unless a capture is active; all levels are recorded so a debug line cannot hide a leak. */
class HarnessLogger implements WorkflowLogger {
	error(message: string, metadata?: LogMetadata) {
		record('error', message, metadata);
	}

	warn(message: string, metadata?: LogMetadata) {
		record('warn', message, metadata);
	}

	info(message: string, metadata?: LogMetadata) {
		record('info', message, metadata);
	}

	debug(message: string, metadata?: LogMetadata) {
		record('debug', message, metadata);
	}

	scoped() {
		return this;
	}
}

function record(level: LogLevel, message: string, metadata?: LogMetadata) {
	for (const lines of activeCaptures) lines.push({ level, message, metadata });
}

function formatLine({ level, message, metadata }: LogLine): string {
	const details = metadata === undefined ? '' : ` ${inspect(metadata, { depth: 8, breakLength: Infinity })}`;
	return `[${level}] ${message}${details}`;
}

const harnessLogger = new HarnessLogger();

/**
 * n8n logs through two channels: `LoggerProxy` (n8n-workflow, WorkflowExecute) and the DI
 * `Logger` (n8n-core services and `this.logger` in nodes). Both get the harness logger.
 */
export function installHarnessLogger() {
	LoggerProxy.init(harnessLogger);
	Container.set(Logger, harnessLogger as unknown as InstanceType<typeof Logger>);
}

/** Starts recording log lines from n8n and from nodes (`this.logger`). */
export function captureLogs(): LogCapture {
	const lines: LogLine[] = [];
	activeCaptures.add(lines);
	return {
		lines,
		text: () => lines.map(formatLine).join('\n'),
		stop: () => {
			activeCaptures.delete(lines);
		},
	};
}
