import { claim, release, scopedKey } from '../../../../nodes/PresenterVideoTrigger/delivery/inProcessGuard';

// The guard is process-wide state: every test uses its own scope.
let scopeCounter = 0;
function freshKey(event = 'run_1|completed'): string {
	scopeCounter += 1;
	return scopedKey(`workflow-${scopeCounter}/node`, event);
}

describe('inProcessGuard', () => {
	it('lets one call handle an event at a time', () => {
		const key = freshKey();
		expect(claim(key)).toBe('claimed');
		expect(claim(key)).toBe('in-flight');
	});

	it('frees an event that was not accepted, so a retry can handle it', () => {
		const key = freshKey();
		claim(key);
		release(key, false);
		expect(claim(key)).toBe('claimed');
	});

	it('remembers an accepted event', () => {
		const key = freshKey();
		claim(key);
		release(key, true);
		expect(claim(key)).toBe('accepted-recently');
	});

	it('keeps triggers apart', () => {
		const first = scopedKey('wf-a/node-1', 'run_1|completed');
		const second = scopedKey('wf-b/node-1', 'run_1|completed');
		claim(first);
		release(first, true);
		expect(claim(second)).toBe('claimed');
	});
});
