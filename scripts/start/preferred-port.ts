/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import net from 'node:net';
import { findFreePort } from '../n8n/free-port';

function isPortFree(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const probe = net.createServer();
		probe.once('error', () => resolve(false));
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
	});
}

/** The well-known port when nothing listens there, so the printed URLs stay familiar; any free port otherwise. */
export async function preferredPortOrFree(preferred: number): Promise<number> {
	return (await isPortFree(preferred)) ? preferred : findFreePort();
}
