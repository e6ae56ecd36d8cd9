// Where a tracking lookup sends people: the partner's own tracking page once the partner has the
// parcel, else the portal's public tracking page (see README, "Tracking links").
import type { FastifyRequest } from 'fastify';
import type { ShipmentStatus } from '#shared/domain/enums.ts';

/** The public tracking page of the web app (src/web/routes/package/tracking). */
export const PORTAL_TRACKING_PATH = '/package/tracking';

/**
 * The portal's origin for links it hands out: PUBLIC_URL when configured (behind a proxy the
 * request may not know it), else the request's own protocol and host.
 */
export function portalOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

export function portalTrackingLink(origin: string, trackingNumber: string): string {
  return `${origin}${PORTAL_TRACKING_PATH}?tracking_number=${encodeURIComponent(trackingNumber)}`;
}

/**
 * The partner's page for this parcel, or null. A partner's page knows a parcel only once it was
 * handed over (SENT) or the partner has reported on it, so before that there is none.
 */
export function partnerTrackingLink(
  template: string | null,
  shipment: { trackingNumber: string; status: ShipmentStatus; hasPartnerEvents: boolean },
): string | null {
  if (!template) return null;
  if (shipment.status !== 'SENT' && !shipment.hasPartnerEvents) return null;
  return template.replaceAll('{tracking_number}', encodeURIComponent(shipment.trackingNumber));
}
