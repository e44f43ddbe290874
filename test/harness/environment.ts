import { initBinaryDataService, removeBinaryDataStorage } from './binary-data';
import { initDeduplicationService } from './deduplication';
import { installHarnessLogger } from './logger';

// Before anything asks the DI container for a Logger, or n8n-core builds its own (winston).
installHarnessLogger();

// Each test file gets its own module registry, hence its own storage folder to remove.
if (typeof afterAll === 'function') afterAll(removeBinaryDataStorage);

/** One-time setup shared by every harness entry point. */
export async function prepareHarnessEnvironment() {
	await initBinaryDataService();
	await initDeduplicationService();
}
