/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

// n8n-core resolves its user folder (binary data, instance settings) at import time.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'presenter-video-n8n-'));
process.env.N8N_LOG_LEVEL ??= 'silent';
