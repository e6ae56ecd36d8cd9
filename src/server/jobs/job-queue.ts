// pg-boss on the application's database (PGlite through its adapter, or PostgreSQL): jobs are
// rows, so every server instance on the same database shares the queues and a job survives a
// restart. A job whose process died stays `active` until its heartbeat is missed (the queue's
// heartbeatSeconds, then the next supervision pass: up to two minutes); on PGlite, where the
// database is this process's alone (db/data-dir-lock.ts), a starting server gives such jobs back
// at once (releaseOrphanedJobs). A process that stops gracefully (SIGTERM) gives its jobs back
// itself: stop() first aborts `stoppingSignal`, and a long job (an import) ends after its current
// step and queues what is left, which another instance takes at its next poll.
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type ConstructorOptions, type StopOptions } from 'pg-boss';

export type JobQueueOptions = ConstructorOptions;

/** PgBoss whose stop() tells running handlers first (stoppingSignal), so that they can end early and hand their work back. */
class PortalJobQueue extends PgBoss {
  readonly #stopping = new AbortController();

  get stopping(): AbortSignal {
    return this.#stopping.signal;
  }

  override async stop(options?: StopOptions): Promise<void> {
    this.#stopping.abort();
    return super.stop(options);
  }
}

export async function startJobQueue(options: JobQueueOptions, log: FastifyBaseLogger): Promise<PgBoss> {
  // The scheduler is on for partners' pickup-point lists (cron entries per partner) and the
  // retention jobs (retention.ts): each instance's timer looks for due entries, pg-boss sends
  // each due run once.
  // With tracing on (observability/tracing.ts), pg-boss's own spans carry a job from the request
  // that queued it (the trace context is stored on the job) to the worker that runs it.
  const boss = new PortalJobQueue({ ...options, schedule: true, openTelemetry: { propagateContext: true } });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/**
 * Back to the event loop between a job's statements: PGlite answers a query without one (its
 * promises settle as microtasks), so a loop of statements would hold every request's I/O until
 * the whole run ends.
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

const never = new AbortController().signal;

/** Aborted when the queue starts to stop (graceful shutdown): a handler checks it between steps. Never aborted for a queue not made by startJobQueue. */
export function stoppingSignal(boss: PgBoss): AbortSignal {
  return boss instanceof PortalJobQueue ? boss.stopping : never;
}

/**
 * Fails the jobs of `queue` that are `active` before this process has taken any: they belong to
 * a process that died (SIGKILL, out of memory, power cut), and retry after the queue's
 * retryDelay instead of waiting out their heartbeat. A crash counts as one of the job's tries.
 * Only for a database no other process can reach (PGlite): on PostgreSQL another live instance
 * may be running them, and only the heartbeat can tell.
 */
export async function releaseOrphanedJobs(boss: PgBoss, queue: string): Promise<string[]> {
  const orphans = (await boss.findJobs(queue)).filter((job) => job.state === 'active').map((job) => job.id);
  if (orphans.length > 0) await boss.fail(queue, orphans, { message: 'the server stopped while the job ran' });
  return orphans;
}
