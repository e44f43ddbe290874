/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test and tooling code runs in Node, not inside n8n */
import type { NodeRuntime } from './node-runtime';
import { isolatedNpmEnv } from './npm-env';

/** Fixed so credentials imported as plain JSON stay readable across restarts of one instance. */
export const defaultEncryptionKey = 'local-e2e-only-encryption-key-0001';

export interface N8nEnvSettings {
	runtime: NodeRuntime;
	/** Parent of the `.n8n` folder (database, config, community nodes). */
	userFolder: string;
	port: number;
	/** n8n's task broker; every n8n process (server or CLI) needs its own free port. */
	brokerPort: number;
	owner: { email: string; firstName: string; lastName: string; passwordHash: string };
	encryptionKey: string;
	extraEnv: Record<string, string>;
}

/** Settings inherited from the caller's shell must not leak into a throwaway instance. */
function isInheritedN8nSetting(key: string): boolean {
	return /^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|GENERIC_TIMEZONE$|NODE_FUNCTION_|NODES_)/.test(key);
}

export function n8nProcessEnv(settings: N8nEnvSettings): NodeJS.ProcessEnv {
	const env = isolatedNpmEnv(settings.runtime.binDir, settings.runtime.nodedir);
	for (const key of Object.keys(env)) if (isInheritedN8nSetting(key)) delete env[key];
	// 127.0.0.1, not localhost: Node may resolve localhost to ::1, where nothing listens.
	const baseUrl = `http://127.0.0.1:${settings.port}/`;
	return {
		...env,
		N8N_USER_FOLDER: settings.userFolder,
		N8N_PORT: String(settings.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		// 2.41 reads N8N_WEBHOOK_URL, 1.x WEBHOOK_URL: both are set for any release.
		N8N_WEBHOOK_URL: baseUrl,
		WEBHOOK_URL: baseUrl,
		N8N_EDITOR_BASE_URL: baseUrl,
		N8N_RUNNERS_BROKER_PORT: String(settings.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_ENCRYPTION_KEY: settings.encryptionKey,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		// No internet here: switch off everything that phones home.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		// Plain http on loopback: a secure cookie would never be sent back.
		N8N_SECURE_COOKIE: 'false',
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: settings.owner.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: settings.owner.passwordHash,
		N8N_INSTANCE_OWNER_FIRST_NAME: settings.owner.firstName,
		N8N_INSTANCE_OWNER_LAST_NAME: settings.owner.lastName,
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		...settings.extraEnv,
	};
}
