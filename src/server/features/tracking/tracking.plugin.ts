// Tracking (issue 7): the lookups, the partners' event feed and the admin's partner settings.
import type { FastifyInstance } from 'fastify';
import { adminPartnerRoutes } from './admin-partners.routes.ts';
import { partnerEventRoutes } from './partner-events.routes.ts';
import { trackingRoutes, type TrackingRoutesOptions } from './tracking.routes.ts';

export async function trackingFeature(app: FastifyInstance, options: TrackingRoutesOptions) {
  await app.register(trackingRoutes, options);
  await app.register(partnerEventRoutes, { db: options.db });
  await app.register(adminPartnerRoutes, { db: options.db });
}
