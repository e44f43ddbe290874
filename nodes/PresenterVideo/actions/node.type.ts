/** Every resource with its operations; the router and tests share this map. */
export type PresenterVideoType = {
	voice: 'getMany';
	avatar: 'getMany';
	script: 'generate';
	video: 'create' | 'generate' | 'getGenerationStatus' | 'export' | 'getExportStatus' | 'download';
};
