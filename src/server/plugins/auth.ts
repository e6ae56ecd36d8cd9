// Bearer authentication and roles for /api and /oauth, decided by the matched route's `access`
// (from the endpoint table, src/shared/contract/endpoint.ts) and `permission`. An /api route
// without an access is treated as admin-only: a route registered by hand fails closed.
// Enforced here, whatever the UI shows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

  /** Throws 401/403 unless `principal` may call the matched route. */
  function decide(request: FastifyRequest, reply: FastifyReply, principal: Principal | null): void {
    request.principal = principal;
    const { access = 'admin', permission } = request.routeOptions.config;
    if (access === 'public' || access === 'partner') return;
    if (!principal) {
      reply.header('www-authenticate', 'Bearer');
      throw new ApiError(401, 'unauthorized', messages.unauthorized);
    }
    const role = principal.role;
    if (access === 'admin' && role !== 'ADMIN') throw new ApiError(403, 'forbidden', messages.forbidden);
    if (permission && !can(role, permission)) throw new ApiError(403, 'forbidden', messages.forbidden);
  }

  /** The token's principal when it verifies and its client and session may still act, else null. */
  async function authenticate(token: string | undefined): Promise<Principal | null> {
    const verified = token ? await tokens.verify(token) : null;
    // A disabled client's token and a signed-out session's stop working at once (within
    // ACTIVE_CACHE_MS when it happened on another instance).
    return verified && (await active.allows(verified)) ? verified : null;
  }

  // A plain callback rather than an async function: static files and pages pass at once, and a
  // token already verified here whose client and session are known answers without waiting
  // (issue 19); anything else waits for the checks above.
  app.addHook('onRequest', (request, reply, done) => {
    // Decide on the matched route pattern, never the raw URL: the router decodes %-escapes, so
    // `/api/v1/%61dmin/...` matches an admin route while its raw text does not start with it.
    // Unknown routes fall through to the 404 handler; only /api is guarded.
    const route = request.routeOptions.url;
    if (!route || !route.startsWith('/api/')) return done();
    const token = bearer(request);
    const known = token ? tokens.known(token) : undefined;
    const allowed = known ? active.allowsNow(known) : undefined;
    if (known && allowed !== undefined) {
      try {
        decide(request, reply, allowed ? known : null);
      } catch (error) {
        return done(error as ApiError);
      }
      return done();
    }
    authenticate(token).then((principal) => {
      try {
        decide(request, reply, principal);
      } catch (error) {
        return done(error as ApiError);
      }
      done();
    }, done);
  });
}

export const auth = fp(authPlugin, { name: 'auth' });
