import type { Reply } from './state';
import type { ResponseStyle } from './types';

/**
 * The spec leaves wrappers open: 'bare' is the reference shape; 'wrapped' puts lists under their
 * resource name and objects under `data`. Error bodies are never wrapped.
 */
export function present(reply: Reply, style: ResponseStyle): unknown {
	if (style === 'bare') return reply.body;
	if (reply.list) return { [reply.list]: reply.body };
	return { data: reply.body };
}
