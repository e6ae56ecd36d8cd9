// Registers a route from its endpoint definition (src/shared/contract): method, path, schemas,
// access and idempotency come from the shared table, so the server cannot drift from what the
// web app calls. The handler gets the validated input, the caller and its company scope.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { AnswerIn, BodyOut, Deprecation, EndpointDefinition, ParamsOut, QueryOut } from '#shared/contract/endpoint.ts';
import { companyScope, type CompanyScope } from '../company-scope.ts';
import type { Principal } from '../features/auth/access-tokens.ts';
import { translatorForHeader, type Translate } from '../i18n.ts';
import { requirePrincipal } from '../plugins/auth.ts';
import { prefersToJson } from './accept.ts';

type Signed<E> = E extends { access: 'public' | 'partner' } ? false : true;

export interface RouteInput<E extends EndpointDefinition> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  /** The signed-in caller; null on public routes without a valid bearer. */
  principal: Signed<E> extends true ? Principal : Principal | null;
  /** Which companies' rows the caller may touch (signed-in routes). */
  scope: Signed<E> extends true ? CompanyScope : CompanyScope | null;
  /** Translates into the caller's Accept-Language. */
  t: Translate;
  /** The endpoint has `fileVariants` and the request's Accept prefers one of them to the JSON. */
  wantsFile: boolean;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** JSON endpoints return their answer; file and empty endpoints send through the reply. */
type HandlerResult<E extends EndpointDefinition> = E extends { answer: 'file' | 'empty' } ? FastifyReply : AnswerIn<E> | FastifyReply;

export interface RouteExtras {
  onRequest?: onRequestAsyncHookHandler;
  preValidation?: preValidationAsyncHookHandler;
  bodyLimit?: number;
  /** The handler validates the body itself (OAuth's own error shape). */
  validateBody?: false;
}

/** The headers of a deprecated route's answers (RFC 9745 Deprecation, RFC 8594 Sunset). */
export function deprecationHeaders(deprecation: Deprecation): Record<string, string> {
  const headers: Record<string, string> = {
    deprecation: `@${Math.floor(deprecation.since.getTime() / 1000)}`,
    sunset: deprecation.sunset.toUTCString(),
  };
  if (deprecation.link) headers.link = `<${deprecation.link}>; rel="deprecation"; type="text/html"`;
  return headers;
}

/** Adds `name` to the answer's Vary header. */
function vary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  reply.header('vary', typeof current === 'string' && current !== '' ? `${current}, ${name}` : name);
}

export function route<const E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<HandlerResult<E>>,
  extras: RouteExtras = {},
): void {
  const json = typeof endpoint.answer !== 'string';
  const status = endpoint.status ?? 200;
  const signed = endpoint.access !== 'public' && endpoint.access !== 'partner';
  const deprecation = endpoint.deprecated ? deprecationHeaders(endpoint.deprecated) : undefined;
  const fileVariants = endpoint.fileVariants;
  // The company's budget is counted before the route's own hooks (a heavy-work slot, a body read).
  const onRequest = [endpoint.limit ? app.companyLimits.hook(endpoint.limit) : undefined, extras.onRequest].filter((hook) => hook !== undefined);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(onRequest.length > 0 ? { onRequest } : {}),
    ...(extras.preValidation ? { preValidation: extras.preValidation } : {}),
    // On every answer of the route, refusals (401, 400) included.
    ...(deprecation
      ? {
          onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            reply.headers(deprecation);
            return payload;
          },
        }
      : {}),
    config: { access: endpoint.access, permission: endpoint.permission, idempotent: endpoint.idempotent ?? false },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && extras.validateBody !== false ? { body: endpoint.body } : {}),
      ...(json ? { response: { [status]: endpoint.answer } } : {}),
    },
    handler: async (request, reply) => {
      const principal = signed ? requirePrincipal(request) : request.principal;
      // Validated by the schemas above (Fastify's zod type provider), so the types hold.
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        principal,
        scope: principal ? companyScope(principal) : null,
        t: translatorForHeader(request.headers['accept-language']),
        wantsFile: fileVariants !== undefined && fileVariants.some((type) => prefersToJson(request.headers.accept, type)),
        request,
        reply,
      } as RouteInput<E>;
      if (json) reply.status(status);
      if (fileVariants) vary(reply, 'Accept');
      return handler(input);
    },
  });
}
