/** Every resource with its operations: the router's table of operations is typed by it. */
export type PresenterVideoType = {
	voice: 'getMany';
	avatar: 'getMany';
	script: 'generate';
	video: 'create' | 'generate' | 'getGenerationStatus' | 'export' | 'getExportStatus' | 'download';
};
