import { isLocalHost, unreachableResumeHost } from '../../../../nodes/PresenterVideo/helpers/resumeReach';

describe('isLocalHost', () => {
	it.each([
		'localhost',
		'127.0.0.1',
		'10.1.2.3',
		'172.20.0.5',
		'192.168.1.10',
		'169.254.1.1',
		'[::1]',
		'fd00::1',
		'n8n',
		'box.local',
	])('%s is local', (host) => expect(isLocalHost(host)).toBe(true));

	it.each(['n8n.example.com', '8.8.8.8', '172.32.0.1', '2001:db8::1'])('%s is public', (host) =>
		expect(isLocalHost(host)).toBe(false),
	);
});

describe('unreachableResumeHost', () => {
	it('names a local resume host when the service is public', () => {
		expect(
			unreachableResumeHost('http://localhost:5678/webhook-waiting/1', 'https://api.example.com/api/public/v1'),
		).toBe('localhost');
	});

	it('accepts local to local and public to public', () => {
		expect(
			unreachableResumeHost('http://127.0.0.1:5678/webhook-waiting/1', 'http://127.0.0.1:4010/api/public/v1'),
		).toBeUndefined();
		expect(
			unreachableResumeHost('https://n8n.example.com/webhook-waiting/1', 'https://api.example.com/api/public/v1'),
		).toBeUndefined();
	});
});
