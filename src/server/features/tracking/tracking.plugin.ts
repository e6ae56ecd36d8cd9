// Tracking (issue 7): the lookups, the partners' event feed and the admin's partner settings, and
// the lookups' cache with the listener that keeps it fresh (tracking-cache.ts, tracking-changes.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminPartnerRoutes } from './admin-partners.routes.ts';
import { partnerEventRoutes } from './partner-events.routes.ts';
import { DEFAULT_TRACKING_CACHE, TrackingCache, type TrackingCacheOptions, type TrackingCacheStats } from './tracking-cache.ts';
import { databaseKind, listenForTrackingChanges, sendSync } from './tracking-changes.ts';
import { trackingRoutes, type TrackingRoutesOptions } from './tracking.routes.ts';
import { readTracking, type TrackingRecord } from './tracking.service.ts';

export interface TrackingLookups {
  /** Resolves once every change committed before the call has reached this instance's cache. */
  synced(): Promise<void>;
  stats(): TrackingCacheStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The lookup cache of this instance (tests wait on it after writing to the database themselves). */
    trackingLookups: TrackingLookups;
  }
}

export interface TrackingFeatureOptions extends Omit<TrackingRoutesOptions, 'cache'> {
  /** The lookup cache's TTL and size (default: DEFAULT_TRACKING_CACHE of the database's kind). */
  cache?: TrackingCacheOptions;
  /** DATABASE_LISTEN_URL: where the LISTEN connection goes on PostgreSQL (default: the pool's own address). */
  listenUrl?: string | undefined;
}

async function tracking(app: FastifyInstance, options: TrackingFeatureOptions) {
  const { db } = options;
  const cache = new TrackingCache<TrackingRecord>((trackingNumber) => readTracking(db, trackingNumber), options.cache ?? DEFAULT_TRACKING_CACHE[databaseKind(db)]);
  const listener = await listenForTrackingChanges(db, cache, (message) => app.log.warn(message), options.listenUrl);
  app.addHook('onClose', () => listener.close());
  app.decorate('trackingLookups', {
    synced: () => {
      const token = randomUUID();
      return cache.waitForSync(token, () => sendSync(db, token));
    },
    stats: () => cache.stats(),
  } satisfies TrackingLookups);

  await app.register(trackingRoutes, { db, publicUrl: options.publicUrl, cache });
  await app.register(partnerEventRoutes, { db });
  await app.register(adminPartnerRoutes, { db });
}

/** Not encapsulated, so that `app.trackingLookups` is the application's. */
export const trackingFeature = fp(tracking, { name: 'tracking' });
