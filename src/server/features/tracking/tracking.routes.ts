// Tracking lookups (spec section 7 "GET /api/v1/shipments/track", issue 7): the client's lookup,
// which answers a stranger only where to track, and the public tracking page's timeline. Both are
// public routes under one rate limit; neither ever answers personal data.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  publicTrackAnswerSchema,
  publicTrackingQuerySchema,
  publicTrackingSchema,
  trackAnswerSchema,
  trackQuerySchema,
} from '../../../shared/contract/tracking.ts';
import { TRACKING_NUMBER_MAX } from '../../../shared/domain/limits.ts';
import { reachedMilestone } from '../../../shared/domain/tracking-events.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { translatorForHeader } from '../../i18n.ts';
import { publicLookupLimit } from './public-lookup-limit.ts';
import { partnerTrackingLink, portalOrigin, portalTrackingLink } from './tracking-link.ts';
import { lookUpTracking, toTrackingEvents } from './tracking.service.ts';

const trackingParams = z.object({
  tracking_number: z.string().check(
    z.trim(),
    z.minLength(1, messages.trackingNumberRequired.id),
    z.maxLength(TRACKING_NUMBER_MAX, messages.tooLong.id),
    z.toUpperCase(),
  ),
});

export interface TrackingRoutesOptions {
  db: Db;
  /** PUBLIC_URL: the origin of the portal's own tracking links. */
  publicUrl?: string | undefined;
}

export async function trackingRoutes(app: FastifyInstance, { db, publicUrl }: TrackingRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = publicLookupLimit(app);

  r.get(
    '/api/v1/shipments/track',
    {
      config: { public: true },
      onRequest: limit,
      schema: { querystring: trackQuerySchema, response: { 200: z.union([trackAnswerSchema, publicTrackAnswerSchema]) } },
    },
    async (request) => {
      const { tracking_number, destination_zip, zip } = request.query;
      const { shipment, events } = await lookUpTracking(db, tracking_number, destination_zip || zip);
      const partnerLink = partnerTrackingLink(shipment.trackingUrlTemplate, { ...shipment, hasPartnerEvents: events.some((e) => e.fromPartner) });
      const tracking_link = partnerLink ?? portalTrackingLink(portalOrigin(request, publicUrl), shipment.trackingNumber);
      const principal = request.principal;
      if (!principal || (principal.role !== 'ADMIN' && principal.companyId !== shipment.companyId)) return { tracking_link };
      const t = translatorForHeader(request.headers['accept-language']);
      return { events: toTrackingEvents(events, t), tracking_link, partner_name: shipment.partnerName };
    },
  );

  r.get(
    '/api/v1/tracking/:tracking_number',
    {
      config: { public: true },
      onRequest: limit,
      schema: { params: trackingParams, querystring: publicTrackingQuerySchema, response: { 200: publicTrackingSchema } },
    },
    async (request) => {
      const { shipment, events } = await lookUpTracking(db, request.params.tracking_number, request.query.zip);
      const t = translatorForHeader(request.headers['accept-language']);
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
  );
}
