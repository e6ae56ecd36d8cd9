// Request ids and the access log (issue 30, README note 107).
// - Each request has an id: the caller's X-Request-Id when it is short and of safe characters (a
//   proxy's or a shop's own id, so one id follows the call through both logs), a new UUID
//   otherwise. Every answer echoes it, errors included, and every log line of the request has it.
// - One access line per request, written when the answer is sent: method, route pattern, path,
//   status, milliseconds, bytes, request id, client address. Fastify's own two lines per request
//   ("incoming request", "request completed") are off: they cost a child logger, two redactions
//   and the full URL, query string included (a postal code in `?zip=`), on every request. The
//   path is logged without its query; the route pattern is what dashboards group by.
// - The server's own requests (public pages' lookups, http/inner-requests.ts) are not logged: the
//   page a visitor asked for is, once.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { isInnerRequest } from '../http/inner-requests.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@=+/-]{1,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it is safe to log and echo, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The path without its query string (which may hold a postal code or a tracking number). */
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * The access lines' own logger: the app's level and stream, without the app logger's redaction
 * and error serializers (logging.ts), which an access line (fixed fields, no header, no body)
 * does not need and which cost a third of a small request's time at info. Null: no log.
 */
export function accessLogger(setting: FastifyServerOptions['logger']): pino.Logger | null {
  if (!setting) return null;
  const options = setting === true ? {} : (setting as { level?: string; stream?: pino.DestinationStream });
  // Without pino's base fields (pid, hostname): the same on every line of a process, and what
  // keeps the log (journald, a container runtime) records them once itself.
  return pino({ level: options.level ?? 'info', base: null }, options.stream ?? process.stdout);
}

async function accessLogPlugin(app: FastifyInstance, { logger }: { logger: pino.Logger | null }) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Not the request's child logger: no child is made for a line, which carries the request id itself.
  if (!logger) return;
  const log = logger;
  app.addHook('onResponse', (request, reply, done) => {
    if (log.isLevelEnabled('info') && !isInnerRequest(request)) {
      const bytes = reply.getHeader('content-length');
      log.info(
        {
          reqId: request.id,
          method: request.method,
          route: request.routeOptions.url ?? null,
          path: pathOf(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          bytes: bytes === undefined ? null : Number(bytes),
          ip: request.ip,
        },
        'request',
      );
    }
    done();
  });
}

export const accessLog = fp(accessLogPlugin, { name: 'access-log' });
