// The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-10): a limited route
// says on every answer which budget it counts against and what is left of it, so that a client
// slows down before it is refused.
//   RateLimit-Policy: "shipment_writes";q=3000;w=60     the budget: quota q per window w seconds
//   RateLimit: "shipment_writes";r=2999;t=58            remaining r, window resets in t seconds
// Both are Structured Fields lists (RFC 9651): a route under two budgets lists both. The older
// X-RateLimit-Limit/-Remaining/-Reset stay beside them for clients that read those.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

export interface LimitState {
  /** The policy's name (a Structured Fields string: letters, digits and `_`). */
  name: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Appends `item` to a Structured Fields list header already on the reply. */
function appendItem(reply: FastifyReply, header: string, item: string): void {
  const current = reply.getHeader(header);
  reply.header(header, typeof current === 'string' && current !== '' ? `${current}, ${item}` : item);
}

/** Announces one budget's state on the answer (called once per budget that counted the request). */
export function announceLimit(reply: FastifyReply, state: LimitState): void {
  const remaining = Math.max(0, Math.floor(state.remaining));
  const reset = Math.max(0, Math.ceil(state.resetSeconds));
  appendItem(reply, 'ratelimit-policy', `"${state.name}";q=${state.quota};w=${state.windowSeconds}`);
  appendItem(reply, 'ratelimit', `"${state.name}";r=${remaining};t=${reset}`);
  // The legacy names carry one budget: the one closest to refusing.
  const legacyRemaining = Number(reply.getHeader('x-ratelimit-remaining') ?? Number.POSITIVE_INFINITY);
  if (remaining <= legacyRemaining) {
    reply.header('x-ratelimit-limit', String(state.quota));
    reply.header('x-ratelimit-remaining', String(remaining));
    reply.header('x-ratelimit-reset', String(reset));
  }
}

const LEGACY = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/**
 * A limit of @fastify/rate-limit (public lookups, reports per account) with the IETF fields too:
 * the plugin sets only the X- names, which this reads back into `announceLimit`.
 */
export function announcedPluginLimit(name: string, windowSeconds: number, hook: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return async function announced(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    // Another budget may have announced itself already: the plugin overwrites the X- names.
    const before = LEGACY.map((header) => reply.getHeader(header));
    try {
      await hook.call(this, request, reply);
    } finally {
      const [quota, remaining, reset] = LEGACY.map((header) => Number(reply.getHeader(header)));
      LEGACY.forEach((header, i) => (before[i] === undefined ? reply.removeHeader(header) : reply.header(header, before[i])));
      // No X- names: the plugin let the request pass uncounted (nothing to announce).
      if (quota !== undefined && Number.isFinite(quota)) announceLimit(reply, { name, quota, windowSeconds, remaining: remaining ?? 0, resetSeconds: reset ?? windowSeconds });
    }
  };
}
