/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	// tsconfig.json is the build (nodes and credentials only); tests compile with the dev config.
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }] },
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// n8n-core reads its user folder when first imported: give every test run its own.
	setupFiles: ['<rootDir>/test/setup-env.ts'],
	testTimeout: 30000,
};
