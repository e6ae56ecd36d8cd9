// Bearer authentication and roles for /api and /oauth, decided by the matched route's `access`
// (from the endpoint table, src/shared/contract/endpoint.ts) and `permission`. An /api route
// without an access is treated as admin-only: a route registered by hand fails closed.
// Enforced here, whatever the UI shows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '#shared/contract/endpoint.ts';
import { can, type Permission } from '#shared/domain/roles.ts';
import { messages } from '#shared/i18n/messages.ts';
import type { AccessTokens, Principal } from '../features/auth/access-tokens.ts';
import type { ActiveClients } from '../features/auth/active-clients.ts';
import { ApiError } from '../http-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A non-API route that answers without a bearer token (health, the web app). */
    public?: boolean;
    /** Who may call an API route (set from its endpoint definition). */
    access?: Access;
    /** The role permission an API route needs besides a sign-in. */
    permission?: Permission | undefined;
  }
  interface FastifyRequest {
    /** Set on authenticated routes; null on public ones without a (valid) token. */
    principal: Principal | null;
  }
}

/**
 * `Authorization: Bearer <token>` exactly (RFC 6750's b64token; the scheme in any case, RFC 7235):
 * one space and nothing after the token. Anything else is no credential at all, never half-read.
 */
const BEARER = /^bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/** The principal of an authenticated request; throws 401 when there is none. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError(401, 'unauthorized', messages.unauthorized);
  return request.principal;
}

async function authPlugin(app: FastifyInstance, { tokens, active }: { tokens: AccessTokens; active: ActiveClients }) {
  app.decorateRequest('principal', null);

  // Every API route comes from the endpoint table (http/route.ts), which sets its access.
  app.addHook('onRoute', (options) => {
    if (options.url.startsWith('/api/') && !options.config?.access) throw new Error(`${options.method} ${options.url} has no access: register it with route()`);
  });

  app.addHook('onRequest', async (request, reply) => {
    // Decide on the matched route pattern, never the raw URL: the router decodes %-escapes, so
    // `/api/v1/%61dmin/...` matches an admin route while its raw text does not start with it.
    // Unknown routes fall through to the 404 handler; only /api is guarded.
    const route = request.routeOptions.url;
    if (!route || !route.startsWith('/api/')) return;
    const token = bearer(request);
    const verified = token ? await tokens.verify(token) : null;
    // A disabled client's token and a signed-out session's stop working at once (within
    // ACTIVE_CACHE_MS when it happened on another instance).
    request.principal = verified && (await active.allows(verified)) ? verified : null;
    const { access = 'admin', permission } = request.routeOptions.config;
    if (access === 'public' || access === 'partner') return;
    if (!request.principal) {
      reply.header('www-authenticate', 'Bearer');
      throw new ApiError(401, 'unauthorized', messages.unauthorized);
    }
    const role = request.principal.role;
    if (access === 'admin' && role !== 'ADMIN') throw new ApiError(403, 'forbidden', messages.forbidden);
    if (permission && !can(role, permission)) throw new ApiError(403, 'forbidden', messages.forbidden);
  });
}

export const auth = fp(authPlugin, { name: 'auth' });
