// GET /readyz: whether a load balancer should send this instance new requests. 200 while it
// serves and its database answers; 503 from the moment a graceful shutdown starts (main.ts:
// SIGTERM), while it still finishes what it has, so that a balancer with active health checks
// (HAProxy, a cloud balancer, Kubernetes) takes it out before it stops listening. /healthz stays
// the liveness answer (200 while the process and its database work, draining or not).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http-errors.ts';

/** The instance's readiness: main.ts drains it on SIGTERM; tests may too. */
export class Readiness {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  drain(): void {
    this.#draining = true;
  }
}

export async function readinessRoutes(app: FastifyInstance, { db, readiness }: { db: Db; readiness: Readiness }) {
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    // Never stored by anyone between the balancer and us: each probe asks this instance.
    reply.header('cache-control', 'no-store');
    if (readiness.draining) throw new ApiError(503, 'unavailable', serverMessages.serverDraining);
    await db.execute(sql`select 1`);
    return { status: 'ready' };
  });
}
