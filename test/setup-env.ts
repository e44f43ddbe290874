import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

// n8n-core resolves its user folder (binary data, instance settings) at import time.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'presenter-video-n8n-'));
process.env.N8N_LOG_LEVEL ??= 'silent';
