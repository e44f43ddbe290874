import type { VideoRecord } from './videos';

/** What a completed generation knows; a profile picks what its `result` shows. */
export interface GenerationFacts {
	videoId: string;
	durationSeconds: number;
	cost: number;
	createdAt: string;
	thumbnailUrl: string;
}

export interface GenerationResult {
	video_id: string;
	duration?: number;
	cost: number;
	created_at: string;
	thumbnail_url?: string;
}

export interface ExportResult {
	video_url: string;
	thumbnail_url: string;
	cost: number;
	created_at: string;
}

/** The `result` of completed jobs under a profile. */
export interface ResultRules {
	generation(facts: GenerationFacts): GenerationResult;
	/** `undefined`: the export completes without a result. */
	export(result: ExportResult, video: VideoRecord): ExportResult | undefined;
}

export const CONTRACT_RESULTS: ResultRules = {
	generation: (facts) => ({
		video_id: facts.videoId,
		duration: facts.durationSeconds,
		cost: facts.cost,
		created_at: facts.createdAt,
		thumbnail_url: facts.thumbnailUrl,
	}),
	export: (result) => result,
};

/** The service's code: no duration or thumbnail for a generation; no result when the render gave no URL. */
export const CODE_RESULTS: ResultRules = {
	generation: (facts) => ({ video_id: facts.videoId, cost: facts.cost, created_at: facts.createdAt }),
	export: (result, video) => (video.exportsWithoutResult ? undefined : result),
};
