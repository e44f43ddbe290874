/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import fs from 'node:fs';
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
	compareSync(password: string, hash: string): boolean;
}

/** n8n verifies the owner's env hash with the bcryptjs it ships, so hash with the same library. */
function n8nBcrypt(version: N8nVersion): Bcrypt {
	const requireFromN8n = createRequire(path.join(n8nPackageDir(version), 'package.json'));
	return requireFromN8n('bcryptjs') as Bcrypt;
}

export function ownerPasswordHash(version: N8nVersion, password: string): string {
	return n8nBcrypt(version).hashSync(password, 10);
}

/**
 * The owner's password hash kept in `file`, made once. n8n writes the env hash into the owner's
 * record at every start and signs login sessions with a digest of that record's hash: a new hash
 * (bcrypt salts each one anew) would log every browser out at each restart of a kept user folder.
 */
export function keptOwnerPasswordHash(version: N8nVersion, password: string, file: string): string {
	const bcrypt = n8nBcrypt(version);
	const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
	if (kept !== '' && bcrypt.compareSync(password, kept)) return kept;
	const hash = bcrypt.hashSync(password, 10);
	fs.writeFileSync(file, `${hash}\n`, { mode: 0o600 });
	return hash;
}
