// pg-boss on the application's database (PGlite through its adapter, or PostgreSQL): jobs are
// rows, so every server instance on the same database shares the queues and a job survives a
// restart.
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type ConstructorOptions } from 'pg-boss';

export type JobQueueOptions = ConstructorOptions;

export async function startJobQueue(options: JobQueueOptions, log: FastifyBaseLogger): Promise<PgBoss> {
  // The scheduler is on for partners' pickup-point lists (cron entries per partner): each
  // instance's timer looks for due entries, pg-boss sends each due run once.
  const boss = new PgBoss({ ...options, schedule: true });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
