// The one server-side rule for hostile characters (src/shared/domain/unsafe-text.ts), applied to
// everything an API route receives, whatever its schema says: headers when the request arrives
// (before authentication and route hooks read them: the partner key id, the Idempotency-Key),
// then the validated path parameters, query parameters and body before the handler runs (after
// the schema's trimming, so a pasted trailing tab is no refusal). A refusal is a 400 in the error
// shape naming each field; on /oauth/* its code is RFC 6749's `invalid_request`.
// The field builders of src/shared/contract/fields.ts refuse the same in the forms and in import
// rows; this guard covers what does not pass through them (ids, filters, the OAuth form, the
// partner feed, file names).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasUnsafeCharacters } from '#shared/domain/unsafe-text.ts';
import { inputMessages } from '#shared/i18n/input-messages.ts';
import { messages } from '#shared/i18n/messages.ts';
import { ApiError } from '../http-errors.ts';

/** Controls HTTP does not allow in a header value (RFC 9110: tab is the only one allowed). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_HEADER = /[\u0000-\u0008\u000A-\u001F\u007F]/;

/** Fields named in one refusal at most (a body of a thousand bad strings is not listed whole). */
const MAX_FIELDS = 20;

/**
 * The paths (`a.b.0.c`) of the strings and keys in `value` that hold unsafe characters. Walks
 * without recursion (a body may nest thousands of levels deep) and spells a path only for what
 * it reports, so that a deep body costs time in proportion to its size.
 */
export function unsafeFields(value: unknown, options: { multiline: boolean; prefix?: string }): string[] {
  // Most requests have no parameters, no query and no body: nothing to walk.
  if (value === null || value === undefined || isEmptyObject(value)) return [];
  interface Node {
    parent: Node | null;
    segment: string;
  }
  const pathOf = (node: Node | null): string => {
    const segments: string[] = [];
    for (let n = node; n; n = n.parent) segments.push(n.segment);
    return segments.reverse().join('.') || '_';
  };
  const found = new Set<string>();
  const root: Node | null = options.prefix ? { parent: null, segment: options.prefix } : null;
  const stack: Array<[unknown, Node | null]> = [[value, root]];
  while (stack.length > 0 && found.size < MAX_FIELDS) {
    const [item, node] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasUnsafeCharacters(item, options)) found.add(pathOf(node));
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], { parent: node, segment: String(i) }]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        // A bad key is reported under its parent: the key itself is not echoed back.
        if (hasUnsafeCharacters(key, { multiline: false })) found.add(pathOf(node));
        else stack.push([child, { parent: node, segment: key }]);
      }
    }
  }
  return [...found];
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || Array.isArray(value) || Buffer.isBuffer(value)) return false;
  for (const _key in value) return false;
  return true;
}

function refusal(request: FastifyRequest, fields: string[]): ApiError {
  const code = request.routeOptions.url?.startsWith('/oauth/') ? 'invalid_request' : 'validation_failed';
  return new ApiError(400, code, messages.invalidRequest, { fields: Object.fromEntries(fields.map((f) => [f, [inputMessages.unsafeCharacters.id]])) });
}

/** Routes of the endpoint table (they carry an access); static files and the SPA are not queries. */
const isApiRoute = (request: FastifyRequest) => request.routeOptions.config.access !== undefined;

// Both hooks are plain callbacks, not async functions: they run on every request, and for
// anything but an API route they return at once without a promise to settle (issue 19).
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiRoute(request)) return done();
    const headers = request.headers;
    const fields: string[] = [];
    for (const name in headers) {
      const value = headers[name];
      if (typeof value === 'string' ? UNSAFE_HEADER.test(value) : Array.isArray(value) && value.some((v) => UNSAFE_HEADER.test(v))) fields.push(name);
    }
    done(fields.length > 0 ? refusal(request, fields) : undefined);
  });

  app.addHook('preHandler', (request, _reply, done) => {
    if (!isApiRoute(request)) return done();
    const fields = [
      ...unsafeFields(request.params, { multiline: false }),
      ...unsafeFields(request.query, { multiline: false }),
      // Bodies may hold multi-line text (tab, LF, CR); single-line fields refuse those in their schema.
      ...unsafeFields(request.body, { multiline: true }),
    ];
    done(fields.length > 0 ? refusal(request, fields) : undefined);
  });
}

export const inputGuard = fp(inputGuardPlugin, { name: 'input-guard' });
