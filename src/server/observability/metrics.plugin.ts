// GET /metrics on the main port and the per-request figures (README note 113). Not public: it
// answers only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise) and is 404 while no
// token is set, like any unknown path. Requests are timed only while something can read the
// figures (a token or METRICS_PORT): an installation that does not scrape pays nothing per request.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http-errors.ts';
import { isInnerRequest } from '../http/inner-requests.ts';
import { collectProcessMetrics, httpDuration, rateLimitRefusals, registry, watchSources } from './metrics.ts';

export interface MetricsOptions {
  /** METRICS_TOKEN: the bearer token of GET /metrics on the main port; unset: 404 there. */
  token?: string | undefined;
  /** Count requests and process figures (a token or METRICS_PORT is set). */
  collect: boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so that neither the token's length nor its characters show in the time taken. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^bearer (\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

type Child = ReturnType<typeof httpDuration.labels>;

async function metricsPlugin(app: FastifyInstance, options: MetricsOptions & { db: Db; jobQueue: boolean }) {
  const { token } = options;
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    if (!token) throw new ApiError(404, 'not_found', serverMessages.notFound);
    if (!tokenMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new ApiError(401, 'unauthorized', messages.unauthorized);
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });

  if (!options.collect) return;
  collectProcessMetrics();
  app.addHook('onClose', watchSources({ db: options.db, jobQueue: options.jobQueue }));

  // One labelled child per (method, route, status), kept: a request then costs a map lookup and an observe.
  const children = new Map<string, Child>();
  app.addHook('onResponse', (request, reply, done) => {
    if (!isInnerRequest(request)) {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      const key = `${request.method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = httpDuration.labels({ method: request.method, route, status: String(status) });
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      if (status === 429) rateLimitRefusals.inc({ route });
    }
    done();
  });
}

export const metrics = fp(metricsPlugin, { name: 'metrics' });
