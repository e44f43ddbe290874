// The scanner ships JavaScript only: the parts of it that scan.ts uses.
declare module '@n8n/scan-community-package/scanner/scanner.mjs' {
	export interface AnalysisResult {
		passed: boolean;
		message?: string;
		details?: string;
	}

	/** The source files the scanner lints: what `n8n-node lint` covers (nodes, credentials, package.json). */
	export const SOURCE_FILE_PATTERNS: string[];

	/** Lints the files of `packageDir` matching `filePatterns` with the scanner's rules. */
	export function analyzePackage(packageDir: string, filePatterns: string[]): Promise<AnalysisResult>;
}
