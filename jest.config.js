/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// n8n-core reads its user folder when first imported: give every test run its own.
	setupFiles: ['<rootDir>/test/setup-env.ts'],
	testTimeout: 30000,
};
