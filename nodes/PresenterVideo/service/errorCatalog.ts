/** What a user reads for each error code of the service: a short title and how to fix it. */
interface ErrorExplanation {
	title: string;
	fix: string;
	/** A fix that only applies when the start sent this body field (a voice URL, media): keyed by the field. */
	whenSent?: Record<string, string>;
}

const EXPLANATIONS: Record<string, ErrorExplanation> = {
	INVALID_API_KEY: {
		title: 'The API key was rejected',
		fix: 'The key is missing, invalid, expired or malformed. Generate a new key in the dashboard (Your Space > Settings > API) and paste it into the Presenter Video API credential.',
	},
	PLAN_REQUIRED: {
		title: 'API access needs an Enterprise plan',
		fix: 'The key is valid but its space is not on the Enterprise plan. Upgrade the space or use a key from an Enterprise space.',
	},
	RATE_LIMIT_EXCEEDED: {
		title: 'The service rate limit was exceeded',
		fix: 'The node waited for the limit to reset and retried, but the limit was still reached. Process fewer items at once (for example with a Loop Over Items node) or add a Wait node.',
	},
	MISSING_CONTENT: {
		title: 'Nothing to build the video from',
		fix: 'Give a prompt, a script, a voice URL or an avatar URL.',
	},
	MISSING_FIELD: {
		title: 'A required field is missing',
		fix: 'Fill in the field named above (a prompt needs a duration; script generation needs a prompt).',
	},
	MISSING_VOICE: {
		title: 'A script needs a voice',
		fix: 'Choose a voice from the list or give a voice URL.',
	},
	INVALID_VOICE_ID: {
		title: 'The voice was not found',
		fix: 'Pick a voice from the list (Voice > Get Many shows every voice this space can use).',
	},
	INVALID_AVATAR_ID: {
		title: 'The avatar was not found',
		fix: 'Pick an avatar from the list (Avatar > Get Many shows every avatar this space can use).',
	},
	INVALID_FORMAT: {
		title: 'The format is not valid',
		fix: "The service accepts vertical, square, ads or custom (with width and height, 1-5000 pixels); 16:9 is custom 1920x1080, which the node's Horizontal option sends.",
	},
	INVALID_TYPE: {
		title: 'A parameter has the wrong type',
		fix: 'Check the field named above: numbers must be numbers and lists must be lists.',
	},
	INVALID_VALUE: {
		title: 'A parameter is out of its allowed range',
		fix: 'Check the field named above against its limits (duration 10-600 seconds, at most 10 URLs).',
	},
	INSUFFICIENT_CREDITS: {
		title: 'Not enough credits',
		fix: 'Add credits to the space, or lower the cost (shorter duration, fewer animated images, a cheaper avatar model).',
	},
	JOB_NOT_FOUND: {
		title: 'The job was not found',
		fix: 'Check the job ID: use the job_id returned when the job was started (generation jobs start with "run_", export jobs with "export_").',
	},
	UNAUTHORIZED_JOB: {
		title: 'The job belongs to another space',
		fix: 'Use a credential whose API key belongs to the space that started the job.',
	},
	VIDEO_NOT_FOUND: {
		title: 'The video was not found',
		fix: 'Use the video_id from a completed generation (the "videoId" output of Generate or Get Generation Status).',
	},
	MISSING_VIDEO_ID: {
		title: 'The video ID is missing',
		fix: 'Set Video ID to the video_id of a completed generation.',
	},
	UNAUTHORIZED_VIDEO: {
		title: 'The video belongs to another space',
		fix: 'Use a credential whose API key belongs to the space that generated the video.',
	},
	VIDEO_NOT_READY: {
		title: 'The video is not ready to export yet',
		fix: 'Export only after the generation has completed: turn on Wait for Completion on Generate, or check Get Generation Status first.',
	},
	INVALID_AVATAR_MODEL: {
		title: 'The avatar model is not valid',
		fix: 'Use standard, premium, ultra, veo-3-fast or veo-3.',
	},
	INCOMPATIBLE_AVATAR_MODEL: {
		title: 'The avatar model does not fit this avatar',
		fix: "Choose one of the models listed in the avatar's model_available (Avatar > Get Many), or leave Avatar Model empty to let the service choose.",
	},
	INVALID_PARAMETER: {
		title: 'A parameter does not apply to this video',
		fix: 'The video has no avatar, so Avatar Model must be left empty.',
	},
	GENERATION_FAILED: {
		title: 'The video generation failed',
		fix: 'Try again; if it keeps failing, change the prompt or the script.',
		whenSent: { media_urls: 'Try again; if it keeps failing, change the prompt, the script or the media.' },
	},
	SCRIPT_GENERATION_FAILED: {
		title: 'The script could not be generated',
		fix: 'Rephrase the prompt or remove URLs the service cannot read, then try again.',
	},
	VOICE_GENERATION_FAILED: {
		title: 'The voice-over could not be generated',
		fix: 'Try another voice, or start the job again.',
		whenSent: {
			voice_url: 'Try another voice, or check that the voice URL points to a readable mp3, wav or m4a file.',
		},
	},
	AVATAR_PROCESSING_FAILED: {
		title: 'The avatar could not be processed',
		fix: 'Try another avatar, or start the job again.',
		whenSent: { avatar_url: 'Try another avatar, or check that the avatar URL points to a readable image or video.' },
	},
	MEDIA_PROCESSING_FAILED: {
		title: 'A media file could not be processed',
		fix: 'Start the job again; if it keeps failing, change its prompt or script.',
		whenSent: { media_urls: 'Check that every media URL is publicly reachable and is an image or a video.' },
	},
	ASSEMBLY_FAILED: {
		title: 'The video could not be assembled',
		fix: 'Try again; if it keeps failing, shorten the video or use fewer media files.',
	},
	EXPORT_FAILED: { title: 'The export failed', fix: 'Start the export again.' },
	ENCODING_FAILED: {
		title: 'The MP4 could not be encoded',
		fix: 'Start the export again, or try a standard format instead of a custom size.',
	},
	FORMAT_CONVERSION_FAILED: {
		title: 'The video could not be converted to the format',
		fix: 'Try another format or a smaller custom size.',
	},
	STORAGE_FAILED: { title: 'The exported file could not be stored', fix: 'Start the export again.' },
};

const BY_HTTP_STATUS: Record<number, ErrorExplanation> = {
	400: { title: 'The service refused the request', fix: 'Check the fields of the node against the message above.' },
	401: EXPLANATIONS.INVALID_API_KEY,
	402: EXPLANATIONS.INSUFFICIENT_CREDITS,
	403: {
		title: 'Access denied',
		fix: 'Check that the key belongs to the right space and that the plan allows this feature.',
	},
	404: { title: 'Not found', fix: 'Check the ID in the node: it must come from this space.' },
	409: { title: 'The resource already exists', fix: 'The service already has this resource; use the existing one.' },
	429: EXPLANATIONS.RATE_LIMIT_EXCEEDED,
	500: {
		title: 'The service had an internal error',
		fix: 'Try again later. Reads were retried automatically; starts are not re-sent, to avoid paying twice.',
	},
};

/** Codes arrive in upper or lower case for the same condition. */
export function normalizeCode(code: string): string {
	return code.trim().toUpperCase();
}

export function explainCode(code: string | undefined): ErrorExplanation | undefined {
	return code ? EXPLANATIONS[normalizeCode(code)] : undefined;
}

/** How to fix a failed job, naming only what its start sent: no voice-URL hint for a prompt job. */
export function failureFix(explanation: ErrorExplanation, sent: Record<string, unknown> = {}): string {
	const field = Object.keys(explanation.whenSent ?? {}).find((name) => sent[name] !== undefined);
	return field ? (explanation.whenSent as Record<string, string>)[field] : explanation.fix;
}

export function explainStatus(status: number): ErrorExplanation {
	if (BY_HTTP_STATUS[status]) return BY_HTTP_STATUS[status];
	if (status >= 500) return BY_HTTP_STATUS[500];
	return { title: `The service answered with HTTP ${status}`, fix: 'Check the node fields and try again.' };
}
