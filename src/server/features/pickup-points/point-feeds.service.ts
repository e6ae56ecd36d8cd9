// Partners' published pickup-point lists fetched on a schedule (issue 15). A feed is a row
// (address, format, how often, the last run's outcome) plus a cron entry in the job queue, keyed
// by the partner: pg-boss's scheduler sends one job per due run whichever instance's timer sees
// it first, and a worker fetches the list and imports it as an upload is imported.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { PointFeed, PointFeedUpdate } from '#shared/contract/admin-point-feeds.ts';
import { pointDirectoryFormat } from '#shared/domain/point-directory-formats.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { clients, partners, pointDirectoryFeeds, pointDirectoryImports } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import { translator, type Translate } from '#server/i18n.ts';
import type { Principal } from '../auth/public.ts';
import { recordAudit } from '../audit/public.ts';
import { DEFAULT_FEED_POLICY, FeedFetchError, fetchFeed, type FeedFetchPolicy } from './point-feed-fetch.ts';
import { importDirectoryList, toImport } from './point-directory.service.ts';
import { pointFeedRuns } from '#server/observability/metrics.ts';

export const POINT_FEED_QUEUE = 'point-directory-fetch';

export interface PointFeedJob {
  partnerId: number;
}

type FeedRow = typeof pointDirectoryFeeds.$inferSelect;

/** The cron of a feed: at the partner's own minute (runs of several partners spread out), every `hours` hours (UTC); daily at 02:xx. */
export function feedCron(partnerId: number, hours: number): string {
  const minute = (partnerId * 7) % 60;
  return hours >= 24 ? `${minute} 2 * * *` : `${minute} */${hours} * * *`;
}

const feedNotFound = () => new ApiError(404, 'not_found', am.feedNotFound);

async function partnerWithFormat(db: Db, partnerId: number): Promise<{ id: number; name: string }> {
  const [partner] = await db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw new ApiError(404, 'not_found', am.partnerNotFound);
  if (!pointDirectoryFormat(partner.id)) throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { partner_id: [am.partnerDoesNotServe] } });
  return partner;
}

/** The feeds as the network page shows them, with their last import. */
export async function listFeeds(db: Db, boss: PgBoss | null, t: Translate, partnerId?: number): Promise<PointFeed[]> {
  const rows = await db
    .select({ feed: pointDirectoryFeeds, partnerName: partners.name, lastImport: pointDirectoryImports, actor: clients.name })
    .from(pointDirectoryFeeds)
    .innerJoin(partners, eq(partners.id, pointDirectoryFeeds.partnerId))
    .leftJoin(pointDirectoryImports, eq(pointDirectoryImports.id, pointDirectoryFeeds.lastImportId))
    .leftJoin(clients, eq(clients.id, pointDirectoryImports.actorId))
    .where(partnerId === undefined ? undefined : eq(pointDirectoryFeeds.partnerId, partnerId))
    .orderBy(partners.name);
  return rows.map(({ feed, partnerName, lastImport, actor }) => ({
    partner_id: feed.partnerId,
    partner_name: partnerName,
    url: feed.url,
    format: feed.format,
    every_hours: feed.everyHours,
    enabled: feed.enabled,
    next_run_at: feed.enabled && boss ? (boss.previewSchedule(feedCron(feed.partnerId, feed.everyHours), { count: 1 })[0]?.toISOString() ?? null) : null,
    requested_at: feed.requestedAt?.toISOString() ?? null,
    last_run_at: feed.lastRunAt?.toISOString() ?? null,
    last_import: lastImport ? toImport(lastImport, partnerName, actor, t) : null,
    last_error: feed.lastError && feed.lastRunAt ? { message: t(feed.lastError.message, feed.lastError.values), at: feed.lastRunAt.toISOString() } : null,
  }));
}

async function feedOf(db: Db, boss: PgBoss | null, partnerId: number, t: Translate): Promise<PointFeed> {
  const [feed] = await listFeeds(db, boss, t, partnerId);
  if (!feed) throw feedNotFound();
  return feed;
}

/** The queue's cron entry in step with the row: scheduled while enabled, gone otherwise. */
async function syncSchedule(boss: PgBoss | null, partnerId: number, feed: Pick<FeedRow, 'enabled' | 'everyHours'> | null): Promise<void> {
  if (!boss) return;
  if (feed?.enabled) await boss.schedule(POINT_FEED_QUEUE, feedCron(partnerId, feed.everyHours), { partnerId } satisfies PointFeedJob, { key: String(partnerId), tz: 'UTC' });
  else await boss.unschedule(POINT_FEED_QUEUE, String(partnerId));
}

/** PUT /api/v1/admin/partners/{id}/point-feed: creates or replaces the feed. */
export async function saveFeed(db: Db, boss: PgBoss | null, principal: Principal, partnerId: number, body: PointFeedUpdate, t: Translate): Promise<PointFeed> {
  const partner = await partnerWithFormat(db, partnerId);
  const values = { url: body.url, format: body.format, everyHours: body.every_hours, enabled: body.enabled };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(pointDirectoryFeeds).where(eq(pointDirectoryFeeds.partnerId, partner.id)).for('update');
    await tx
      .insert(pointDirectoryFeeds)
      .values({ partnerId: partner.id, ...values })
      .onConflictDoUpdate({ target: pointDirectoryFeeds.partnerId, set: { ...values, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actor: principal,
      companyId: null,
      entity: 'partner',
      entityId: String(partner.id),
      action: 'update',
      before: before ? { pointFeed: { url: before.url, format: before.format, everyHours: before.everyHours, enabled: before.enabled } } : null,
      after: { pointFeed: values },
    });
  });
  await syncSchedule(boss, partner.id, values);
  return feedOf(db, boss, partner.id, t);
}

/** DELETE /api/v1/admin/partners/{id}/point-feed: no more fetches; the points stay as they are. */
export async function deleteFeed(db: Db, boss: PgBoss | null, principal: Principal, partnerId: number, t: Translate): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(pointDirectoryFeeds).where(eq(pointDirectoryFeeds.partnerId, partnerId)).returning();
    if (!gone) throw feedNotFound();
    await recordAudit(tx, {
      actor: principal,
      companyId: null,
      entity: 'partner',
      entityId: String(partnerId),
      action: 'update',
      before: { pointFeed: { url: gone.url, format: gone.format, everyHours: gone.everyHours, enabled: gone.enabled } },
      after: { pointFeed: null },
    });
  });
  await syncSchedule(boss, partnerId, null);
  return { message: t(am.feedDeleted) };
}

/** POST …/point-feed/run: a fetch now, through the queue (one waiting fetch per partner). */
export async function requestFeedRun(db: Db, boss: PgBoss | null, partnerId: number, t: Translate): Promise<PointFeed> {
  if (!boss) throw new ApiError(503, 'unavailable', serverMessages.internal);
  const [feed] = await db
    .update(pointDirectoryFeeds)
    .set({ requestedAt: sql`now()` })
    .where(eq(pointDirectoryFeeds.partnerId, partnerId))
    .returning();
  if (!feed) throw feedNotFound();
  await boss.send(POINT_FEED_QUEUE, { partnerId } satisfies PointFeedJob, { singletonKey: String(partnerId) });
  return feedOf(db, boss, partnerId, t);
}

/**
 * The job: fetches the list and imports it; the outcome (the import, or why there is none) is
 * kept on the feed. A failed fetch is not retried by the queue: the next scheduled run is the retry.
 */
export async function runFeed(db: Db, partnerId: number, policy: FeedFetchPolicy, log: FastifyBaseLogger): Promise<void> {
  const [feed] = await db.select().from(pointDirectoryFeeds).where(eq(pointDirectoryFeeds.partnerId, partnerId));
  if (!feed) return;
  // Summaries are kept untranslated; the page translates them when it reads the feed.
  const t = translator('en');
  let outcome: Partial<FeedRow>;
  try {
    const bytes = await fetchFeed(feed.url, policy);
    const filename = decodeURIComponent(new URL(feed.url).pathname.split('/').pop() || '') || `${feed.format} feed`;
    const imported = await importDirectoryList(db, { partnerId, format: feed.format, filename: filename.slice(0, 255), bytes, actor: null }, t);
    outcome = { lastImportId: imported.id, lastError: null };
    pointFeedRuns.inc({ result: 'imported' });
    log.info({ partnerId, added: imported.added, changed: imported.changed, deactivated: imported.deactivated, rejected: imported.rejected }, 'pickup-point list fetched');
  } catch (error) {
    const refused =
      error instanceof FeedFetchError
        ? { message: error.descriptor.id, values: error.values }
        : error instanceof ApiError
          ? { message: error.descriptor.id, ...(error.options.values ? { values: error.options.values as Record<string, string | number> } : {}) }
          : null;
    // Anything else (a bug, the database gone) still ends the run: the page must not wait for it forever.
    outcome = { lastError: refused ?? { message: serverMessages.internal.id }, lastImportId: null };
    pointFeedRuns.inc({ result: refused ? 'refused' : 'failed' });
    if (refused) log.warn({ partnerId, reason: refused.message }, 'pickup-point list not imported');
    else log.error({ err: error, partnerId }, 'pickup-point list fetch failed');
  }
  await db
    .update(pointDirectoryFeeds)
    .set({ ...outcome, lastRunAt: sql`now()`, requestedAt: null })
    .where(eq(pointDirectoryFeeds.partnerId, partnerId));
}

/** Creates the queue and its worker; puts every feed's cron entry in step with its row. */
export async function registerFeedJobs(boss: PgBoss, db: Db, log: FastifyBaseLogger, policy: FeedFetchPolicy = DEFAULT_FEED_POLICY): Promise<void> {
  await boss.createQueue(POINT_FEED_QUEUE, { retryLimit: 0, expireInSeconds: 15 * 60 });
  await boss.work<PointFeedJob>(POINT_FEED_QUEUE, { localConcurrency: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await runFeed(db, job.data.partnerId, policy, log);
  });
  const feeds = await db.select().from(pointDirectoryFeeds);
  for (const feed of feeds) await syncSchedule(boss, feed.partnerId, feed);
}
