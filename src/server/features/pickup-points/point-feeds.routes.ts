// Admin: partners' pickup-point list addresses, fetched on a schedule through the job queue.
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { pointFeedDeleteEndpoint, pointFeedRunEndpoint, pointFeedsEndpoint, pointFeedUpdateEndpoint } from '#shared/contract/admin-point-feeds.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { deleteFeed, listFeeds, requestFeedRun, saveFeed } from './point-feeds.service.ts';

export async function pointFeedRoutes(app: FastifyInstance, { db, queue }: { db: Db; queue: PgBoss | null }) {
  route(app, pointFeedsEndpoint, async ({ t }) => listFeeds(db, queue, t));
  route(app, pointFeedUpdateEndpoint, async ({ principal, params, body, t }) => saveFeed(db, queue, principal, params.id, body, t));
  route(app, pointFeedDeleteEndpoint, async ({ principal, params, t }) => deleteFeed(db, queue, principal, params.id, t));
  route(app, pointFeedRunEndpoint, async ({ params, t }) => requestFeedRun(db, queue, params.id, t));
}
