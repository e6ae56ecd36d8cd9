// Tracking lookups (spec section 7 "GET /api/v1/shipments/track", issue 7): the client's lookup,
// which answers a stranger only where to track, and the public tracking page's timeline. Both are
// public routes under one rate limit and one postal-code brake per parcel; neither ever answers
// personal data, and without the postal code neither tells where a parcel goes or who delivers it.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { publicTrackingEndpoint, trackEndpoint, type PublicTracking, type PublicTrackingView } from '#shared/contract/tracking.ts';
import { languageFromAcceptLanguage } from '#shared/domain/languages.ts';
import { reachedMilestone } from '#shared/domain/tracking-events.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { DEFAULT_POSTCODE_ALL, postcodeAttempts } from './postcode-attempts.ts';
import { lookupKey, publicLookupLimit } from './public-lookup-limit.ts';
import { trackingView } from './tracking-access.ts';
import { partnerTrackingLink, portalOrigin, portalTrackingLink } from './tracking-link.ts';
import type { TrackingCache } from './tracking-cache.ts';
import { eventsShownAt, shipmentNotFound, toTrackingEvents, type TrackingRecord } from './tracking.service.ts';

export interface TrackingRoutesOptions {
  db: Db;
  /** PUBLIC_URL: the origin of the portal's own tracking links. */
  publicUrl?: string | undefined;
  /** The shipments' tracking as read from the database, kept fresh by the feature's listener. */
  cache: TrackingCache<TrackingRecord>;
}

/**
 * The public answers as sent, per cached record. The timeline depends only on the record, the view
 * (status or full), the language and which events are shown yet, and a stranger's lookup on the
 * view and the portal's origin — never on who asks — so a crowd asking for one parcel is answered
 * one JSON text, serialized (through the endpoint's schema) once. A record replaced by a change
 * takes its answers with it.
 */
const publicAnswers = new WeakMap<TrackingRecord, Map<string, string>>();
/** Answers kept per record at most (two views in two languages, say): about 1 KB each. */
const ANSWERS_PER_RECORD = 4;

function answerOf(record: TrackingRecord, key: string, serialize: () => string): string {
  let answers = publicAnswers.get(record);
  let json = answers?.get(key);
  if (json === undefined) {
    json = serialize();
    if (!answers) publicAnswers.set(record, (answers = new Map()));
    if (answers.size >= ANSWERS_PER_RECORD) answers.clear();
    answers.set(key, json);
  }
  return json;
}

export async function trackingRoutes(app: FastifyInstance, { publicUrl, cache }: TrackingRoutesOptions) {
  const limit = publicLookupLimit(app);
  // Shared by both routes (guesses on one route count on the other) and, on PostgreSQL, by every instance.
  const attempts = postcodeAttempts(DEFAULT_POSTCODE_ALL, app.limitCounters);

  /** The shipment and the events shown now; 404 when there is none. Cached: the caller's view is decided after. */
  const lookUp = async (trackingNumber: string) => {
    const record = await cache.get(trackingNumber);
    if (!record) throw shipmentNotFound();
    return { record, shipment: record.shipment, events: eventsShownAt(record, Date.now()) };
  };

  route(
    app,
    trackEndpoint,
    async ({ query, scope, t, request, reply }) => {
      const { record, shipment, events } = await lookUp(query.tracking_number);
      const zip = query.destination_zip ? { value: query.destination_zip, field: 'destination_zip' } : query.zip ? { value: query.zip, field: 'zip' } : undefined;
      const view = await trackingView(shipment, { scope, zip, caller: lookupKey(request) }, attempts);
      const origin = portalOrigin(request, publicUrl);
      const trackingLink = () => {
        // The partner's page names the partner (and so, roughly, the country): only with the full view.
        const partnerLink = view === 'full' ? partnerTrackingLink(shipment.trackingUrlTemplate, { ...shipment, hasPartnerEvents: events.some((e) => e.fromPartner) }) : null;
        return partnerLink ?? portalTrackingLink(origin, shipment.trackingNumber);
      };
      if (scope?.sees(shipment.companyId)) return { events: toTrackingEvents(events, t), tracking_link: trackingLink(), partner_name: shipment.partnerName };
      // Anyone else is answered only where to track: one text per view and origin.
      const json = answerOf(record, `track|${view}|${origin}|${events.length}`, () => JSON.stringify(z.encode(trackEndpoint.answer, { tracking_link: trackingLink() })));
      return reply.type('application/json; charset=utf-8').send(json);
    },
    { onRequest: limit },
  );

  route(
    app,
    publicTrackingEndpoint,
    async ({ params, query, scope, t, request, reply }) => {
      const { record, shipment, events } = await lookUp(params.tracking_number);
      const view = await trackingView(shipment, { scope, zip: query.zip ? { value: query.zip, field: 'zip' } : undefined, caller: lookupKey(request) }, attempts);
      const key = `timeline|${view}|${languageFromAcceptLanguage(request.headers['accept-language'])}|${events.length}`;
      const json = answerOf(record, key, () => JSON.stringify(z.encode(publicTrackingEndpoint.answer, timeline(view))));
      // A JSON text is sent as it is (Fastify serializes only objects).
      return reply.type('application/json; charset=utf-8').send(json);

      function timeline(view: PublicTrackingView): PublicTracking {
        const full = view === 'full';
        return {
          tracking_number: shipment.trackingNumber,
          view,
          destination_country: full ? shipment.destinationCountry : null,
          // A cancelled shipment is going nowhere: no progress to show, only its events.
          milestone: shipment.status === 'DELETED' ? null : reachedMilestone(events.map((e) => e.code)),
          deleted: shipment.status === 'DELETED',
          events: toTrackingEvents(events, t, { locations: full }),
          partner_name: full ? shipment.partnerName : null,
          partner_tracking_link: full ? partnerTrackingLink(shipment.trackingUrlTemplate, { ...shipment, hasPartnerEvents: events.some((e) => e.fromPartner) }) : null,
        };
      }
    },
    { onRequest: limit },
  );
}
