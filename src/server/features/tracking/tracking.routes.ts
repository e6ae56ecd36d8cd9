// Tracking lookups (spec section 7 "GET /api/v1/shipments/track", issue 7): the client's lookup,
// which answers a stranger only where to track, and the public tracking page's timeline. Both are
// public routes under one rate limit; neither ever answers personal data.
import type { FastifyInstance } from 'fastify';
import { publicTrackingEndpoint, trackEndpoint } from '../../../shared/contract/tracking.ts';
import { reachedMilestone } from '../../../shared/domain/tracking-events.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { publicLookupLimit } from './public-lookup-limit.ts';
import { partnerTrackingLink, portalOrigin, portalTrackingLink } from './tracking-link.ts';
import { lookUpTracking, toTrackingEvents } from './tracking.service.ts';

export interface TrackingRoutesOptions {
  db: Db;
  /** PUBLIC_URL: the origin of the portal's own tracking links. */
  publicUrl?: string | undefined;
}

export async function trackingRoutes(app: FastifyInstance, { db, publicUrl }: TrackingRoutesOptions) {
  const limit = publicLookupLimit(app);

  route(
    app,
    trackEndpoint,
    async ({ query, scope, t, request }) => {
      const { shipment, events } = await lookUpTracking(db, query.tracking_number, query.destination_zip || query.zip);
      const partnerLink = partnerTrackingLink(shipment.trackingUrlTemplate, { ...shipment, hasPartnerEvents: events.some((e) => e.fromPartner) });
      const tracking_link = partnerLink ?? portalTrackingLink(portalOrigin(request, publicUrl), shipment.trackingNumber);
      if (!scope?.sees(shipment.companyId)) return { tracking_link };
      return { events: toTrackingEvents(events, t), tracking_link, partner_name: shipment.partnerName };
    },
    { onRequest: limit },
  );

  route(
    app,
    publicTrackingEndpoint,
    async ({ params, query, t }) => {
      const { shipment, events } = await lookUpTracking(db, params.tracking_number, query.zip);
      return {
        tracking_number: shipment.trackingNumber,
        destination_country: shipment.destinationCountry,
        // A cancelled shipment is going nowhere: no progress to show, only its events.
        milestone: shipment.status === 'DELETED' ? null : reachedMilestone(events.map((e) => e.code)),
        deleted: shipment.status === 'DELETED',
        events: toTrackingEvents(events, t),
        partner_name: shipment.partnerName,
        partner_tracking_link: partnerTrackingLink(shipment.trackingUrlTemplate, { ...shipment, hasPartnerEvents: events.some((e) => e.fromPartner) }),
      };
    },
    { onRequest: limit },
  );
}
