// What the server's log may hold. Fastify's request and response serializers log method, URL,
// host, addresses and status — never headers or bodies — so a bearer token, a cookie, a client
// secret or a partner's signature reach the log only when code logs them itself. Two guards keep
// it so: pino redacts the places where such values would sit if anyone logged headers or a body,
// and errors are serialized without the values bound to a failed query (Drizzle puts them into
// the message and into a `params` field, and the database quotes them in its own message: a
// refresh token's hash, a partner credential's password, a recipient's address). The query text
// itself ($1, $2 …) stays: it is what a fault needs. Test: tests/api/log-secrets.test.ts.
import type { FastifyServerOptions } from 'fastify';

/** pino redaction paths: headers and body fields that carry credentials, wherever a log line puts them. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-partner-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-partner-signature"]',
  'body.client_secret',
  'body.password',
  'body.refresh_token',
  '*.client_secret',
  '*.password',
  '*.secret',
  '*.access_token',
  '*.refresh_token',
  '*.authorization',
  '*.cookie',
];

const PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
/** Values a database error quotes: `invalid input syntax for type integer: "…"`, `Key (col)=(…) already exists`. */
const QUOTED_VALUE = /: "(?:[^"]|"")*"/g;
const KEY_VALUE = /\)=\((?:.*?)\)(?= |$)/g;

interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const scrubQuery = (text: string) => text.replace(PARAMS, '\nparams: [redacted]');
const scrubValues = (text: string) => text.replace(QUOTED_VALUE, ': "[redacted]"').replace(KEY_VALUE, ')=([redacted])');

/** Drizzle's failed query (the values bound in `params`) or the database's own error (pg and PGlite give it a severity and an SQLSTATE code). */
const isQueryError = (error: Error) => 'query' in error && 'params' in error;
const isDatabaseError = (error: Error) => 'severity' in error && typeof (error as { code?: unknown }).code === 'string';

/**
 * An error as pino's standard serializer writes it (type, message, stack, own fields, cause),
 * without the values of a failed query: Drizzle's `params` go, and what the database quotes of
 * them in its message and detail is replaced by [redacted] (identifiers such as table names stay).
 */
export function serializeError(error: Error, depth = 0, fromQuery = false): SerializedError {
  const query = isQueryError(error);
  const database = fromQuery || isDatabaseError(error);
  const scrub = (text: string) => (database ? scrubValues(scrubQuery(text)) : scrubQuery(text));
  const serialized: SerializedError = { type: error.constructor?.name ?? error.name, message: scrub(error.message), stack: scrub(error.stack ?? '') };
  for (const [field, value] of Object.entries(error)) {
    if (field === 'params' || field === 'cause' || value === undefined) continue;
    serialized[field] = database && typeof value === 'string' ? scrubValues(value) : value;
  }
  const { cause } = error;
  if (cause !== undefined) serialized.cause = cause instanceof Error && depth < 3 ? serializeError(cause, depth + 1, query || database) : '[not logged]';
  return serialized;
}

/** The app's logger settings with the guards above added (false stays false: no logger). */
export function withLogGuards(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' }, serializers: { ...options.serializers, err: serializeError } };
}
