/** Paths of the service's endpoints, below the API root. */
export const ENDPOINTS = {
	voices: '/resources/voices',
	avatars: '/resources/avatars',
	scriptGenerate: '/script/generate',
	start: { generation: '/generation/start', export: '/export/start' },
	// Ids may come from unauthenticated callbacks: encoded, they cannot reach another path.
	status: {
		generation: (jobId: string) => `/generation/status/${encodeURIComponent(jobId)}`,
		export: (jobId: string) => `/export/status/${encodeURIComponent(jobId)}`,
	},
};
