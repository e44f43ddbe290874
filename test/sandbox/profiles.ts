/**
 * The two ways the sandbox can answer: as the contract (service-api.md) says, or as the service's
 * code does (observed-extras.md, "The service's code, read"). A profile lists the rules of each
 * concern where the two differ; everything else is shared.
 */
import { CODE_AVATAR_MODELS, CONTRACT_AVATAR_MODELS, type AvatarModelRules } from './avatar-models';
import { CODE_CALLBACKS, CONTRACT_CALLBACKS, type CallbackRules } from './callbacks';
import { CODE_PRICES } from './code-costs';
import { AVATAR_MODELS, CONTRACT_PRICES, type PriceRules } from './costs';
import { CODE_ERROR_SHAPES, CONTRACT_ERROR_SHAPES, type ErrorShapes } from './error-shapes';
import {
	CONTRACT_EXPORT_FAILURES,
	CONTRACT_GENERATION_FAILURES,
	onlyFailureCode,
	type FailureCodeRules,
} from './failure-codes';
import { CODE_IDS, CONTRACT_IDS, type IdRules } from './ids';
import { CODE_RESULTS, CONTRACT_RESULTS, type ResultRules } from './job-results';
import {
	CODE_GENERATION_PHASES,
	codeExportPhases,
	exportPhases,
	GENERATION_PHASES,
	type Phase,
} from './job-timeline';
import { CODE_STATUS_LOOKUP, CONTRACT_STATUS_LOOKUP, type StatusLookup } from './status-lookup';
import type { SandboxProfileName } from './types';
import { seededDashboardVideos, VIDEO_FORMATS, type VideoFormat, type VideoRecord } from './videos';

export interface SandboxProfile {
	name: SandboxProfileName;
	/** Formats generation start and export start accept. */
	formats: readonly VideoFormat[];
	ids: IdRules;
	phases: { generation: readonly Phase[]; export(hasAvatar: boolean): readonly Phase[] };
	prices: PriceRules;
	avatarModels: AvatarModelRules;
	failures: { generation: FailureCodeRules; export: FailureCodeRules };
	results: ResultRules;
	callbacks: CallbackRules;
	statusLookup: StatusLookup;
	errors: ErrorShapes;
}

export const CONTRACT_PROFILE: SandboxProfile = {
	name: 'contract',
	formats: VIDEO_FORMATS,
	ids: CONTRACT_IDS,
	phases: { generation: GENERATION_PHASES, export: exportPhases },
	prices: CONTRACT_PRICES,
	avatarModels: CONTRACT_AVATAR_MODELS,
	failures: { generation: CONTRACT_GENERATION_FAILURES, export: CONTRACT_EXPORT_FAILURES },
	results: CONTRACT_RESULTS,
	callbacks: CONTRACT_CALLBACKS,
	statusLookup: CONTRACT_STATUS_LOOKUP,
	errors: CONTRACT_ERROR_SHAPES,
};

export const CODE_PROFILE: SandboxProfile = {
	name: 'code',
	// 16:9 is `custom` 1920x1080 on the code: it has no `horizontal`.
	formats: ['vertical', 'square', 'ads', 'custom'],
	ids: CODE_IDS,
	phases: { generation: CODE_GENERATION_PHASES, export: codeExportPhases },
	prices: CODE_PRICES,
	avatarModels: CODE_AVATAR_MODELS,
	failures: {
		generation: onlyFailureCode('GENERATION_FAILED'),
		export: onlyFailureCode('EXPORT_FAILED'),
	},
	results: CODE_RESULTS,
	callbacks: CODE_CALLBACKS,
	statusLookup: CODE_STATUS_LOOKUP,
	errors: CODE_ERROR_SHAPES,
};

const PROFILES: Record<SandboxProfileName, SandboxProfile> = {
	contract: CONTRACT_PROFILE,
	code: CODE_PROFILE,
};

export const PROFILE_NAMES = Object.keys(PROFILES) as SandboxProfileName[];

/** One line each, for start-up banners. */
export const PROFILE_DESCRIPTIONS: Record<SandboxProfileName, string> = {
	contract: 'contract (answers as service-api.md says)',
	code: "code (answers as the service's code does, observed-extras.md)",
};

export function isProfileName(value: unknown): value is SandboxProfileName {
	return (PROFILE_NAMES as unknown[]).includes(value);
}

export function profileNamed(name: SandboxProfileName): SandboxProfile {
	return PROFILES[name];
}

/**
 * Each profile's dashboard videos, under its own ids, so a profile switched by configure() finds
 * its own. The seeded avatar is a system look (it has a preview video) listing every model.
 */
export function dashboardVideosOfEveryProfile(): VideoRecord[] {
	return Object.values(PROFILES).flatMap((profile) =>
		seededDashboardVideos(
			profile.ids.dashboardVideoIds,
			profile.avatarModels.offered({ models: AVATAR_MODELS, hasPreview: true }),
		),
	);
}
