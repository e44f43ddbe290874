/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import net from 'node:net';

/** Asks the OS for a free port on 127.0.0.1; parallel test runs then never collide on fixed ports. */
export function findFreePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			if (address === null || typeof address === 'string') {
				server.close();
				reject(new Error('could not read the port of a probe socket'));
				return;
			}
			server.close(() => resolve(address.port));
		});
	});
}

/** Distinct free ports; a port is not handed out twice even if the OS reuses it at once. */
export async function findFreePorts(count: number): Promise<number[]> {
	const ports = new Set<number>();
	while (ports.size < count) ports.add(await findFreePort());
	return [...ports];
}
