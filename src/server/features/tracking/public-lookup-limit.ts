// The rate limit of the public tracking lookups (see README, "Rate limits"): one budget per client
// address shared by both lookup routes; signed-in callers are counted by their account instead,
// with a budget no person at a screen reaches, so a depot or an office behind one address is not
// throttled by the public limit.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { PUBLIC_TRACKING_PER_MINUTE } from '#shared/domain/limits.ts';
import { SIGNED_IN_TRACKING_PER_MINUTE } from '#shared/domain/rate-limits.ts';
import { announcedPluginLimit } from '#server/http/rate-limit-headers.ts';


/** The request's client address (X-Forwarded-For only with TRUST_PROXY) or its account (also who the postal-code brake counts). */
export function lookupKey(request: FastifyRequest): string {
  return request.principal ? `client:${request.principal.clientId}` : `ip:${normalizeIP(request.ip)}`;
}

/**
 * One onRequest hook for every public lookup route. It runs after the auth plugin's hook (route
 * hooks follow the application's), so `request.principal` is known. The routes share this one
 * handler and with it one counter: with a limit per route, a caller would get the budget once per
 * route. On PostgreSQL the counter is a row every instance shares (one upsert per lookup; a key
 * over its budget is then refused from memory until its minute ends); on PGlite it is the
 * plugin's memory store, as exact there and free of queries.
 */
export function publicLookupLimit(app: FastifyInstance): onRequestAsyncHookHandler {
  const counted = app.rateLimit({
    // The counter's name: shared by the instances on PostgreSQL (plugins/rate-limit-store.ts).
    groupId: 'tracking_lookup',
    timeWindow: 60_000,
    keyGenerator: lookupKey,
    max: (_request, key) => (key.startsWith('client:') ? SIGNED_IN_TRACKING_PER_MINUTE : PUBLIC_TRACKING_PER_MINUTE),
  }) as onRequestAsyncHookHandler;
  return announcedPluginLimit('tracking_lookups', 60, counted);
}
