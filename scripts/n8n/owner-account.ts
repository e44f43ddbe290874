/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { createRequire } from 'node:module';
import path from 'node:path';
import { n8nPackageDir, type N8nVersion } from './versions';

export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

/** A throwaway login for a local, loopback-only instance: safe to print for the demo. */
export const defaultOwner: OwnerAccount = {
	email: 'owner@example.com',
	password: 'Demo-Passw0rd!',
	firstName: 'Demo',
	lastName: 'Owner',
};

interface Bcrypt {
	hashSync(password: string, rounds: number): string;
}

/** n8n verifies the owner's env hash with the bcryptjs it ships, so hash with the same library. */
export function ownerPasswordHash(version: N8nVersion, password: string): string {
	const requireFromN8n = createRequire(path.join(n8nPackageDir(version), 'package.json'));
	const bcrypt = requireFromN8n('bcryptjs') as Bcrypt;
	return bcrypt.hashSync(password, 10);
}
