import { randomBytes } from 'node:crypto';

export interface DashboardVideoIds {
	main: string;
	other: string;
	poor: string;
}

/** How a profile names jobs and videos. */
export interface IdRules {
	/** A new generation job's id and the id of the video it makes. */
	generation(): { jobId: string; videoId: string };
	exportJob(): string;
	/** Whether an export start can look this video id up at all. */
	canLookUpVideo(videoId: string): boolean;
	/** The finished dashboard-created video seeded in each Enterprise space. */
	dashboardVideoIds: DashboardVideoIds;
}

/** The contract's observed shapes: `run_…`, `vid_…` (same suffix as its job), `export_…`. */
export const CONTRACT_IDS: IdRules = {
	generation() {
		const suffix = hex(6);
		return { jobId: `run_${suffix}`, videoId: `vid_${suffix}` };
	},
	exportJob: () => `export_${hex(6)}`,
	canLookUpVideo: () => true,
	dashboardVideoIds: { main: 'vid_dashboard_a', other: 'vid_dashboard_b', poor: 'vid_dashboard_low' },
};

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * The service's code: videos are database object ids (24 hexadecimal characters), both job kinds
 * are `run_…`, and any other video id makes the look-up throw.
 */
export const CODE_IDS: IdRules = {
	generation: () => ({ jobId: `run_${hex(6)}`, videoId: hex(12) }),
	exportJob: () => `run_${hex(6)}`,
	canLookUpVideo: (videoId) => OBJECT_ID.test(videoId),
	dashboardVideoIds: {
		main: 'da5b0a4d000000000000000a',
		other: 'da5b0a4d000000000000000b',
		poor: 'da5b0a4d000000000000000c',
	},
};

function hex(bytes: number): string {
	return randomBytes(bytes).toString('hex');
}
