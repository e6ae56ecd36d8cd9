// Bearer authentication for /api: every route needs a valid access token unless it is marked
// `config: { public: true }`; /api/v1/admin/* also needs the ADMIN role. Enforced here, whatever
// the UI shows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/i18n/messages.ts';
import type { AccessTokens, Principal } from '../features/auth/access-tokens.ts';
import { ApiError } from '../http-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a bearer token. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** Set on authenticated routes; null on public ones without a (valid) token. */
    principal: Principal | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/** The principal of an authenticated request; throws 401 when there is none. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError(401, 'unauthorized', messages.unauthorized);
  return request.principal;
}

async function authPlugin(app: FastifyInstance, { tokens }: { tokens: AccessTokens }) {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request, reply) => {
    // Decide on the matched route pattern, never the raw URL: the router decodes %-escapes, so
    // `/api/v1/%61dmin/...` matches an admin route while its raw text does not start with it.
    // Unknown routes fall through to the 404 handler; only /api is guarded.
    const route = request.routeOptions.url;
    if (!route || !route.startsWith('/api/')) return;
    const token = bearer(request);
    request.principal = token ? await tokens.verify(token) : null;
    if (request.routeOptions.config.public) return;
    if (!request.principal) {
      reply.header('www-authenticate', 'Bearer');
      throw new ApiError(401, 'unauthorized', messages.unauthorized);
    }
    if (route.startsWith('/api/v1/admin/') && request.principal.role !== 'ADMIN') {
      throw new ApiError(403, 'forbidden', messages.forbidden);
    }
  });
}

export const auth = fp(authPlugin, { name: 'auth' });
