import { publicTrackAnswerSchema, trackEndpoint } from '#shared/contract/tracking.ts';
import { fetchPublicJson } from './fetch-public-json.ts';

/**
 * GET /api/v1/shipments/track without a bearer: where to track the parcel (a partner's page or the
 * portal's own). Null when the answer names no link (spec section 8: "Shipment not found").
 */
export async function getTrackingLink(trackingNumber: string, signal?: AbortSignal): Promise<string | null> {
  const body = await fetchPublicJson(trackEndpoint, { query: { tracking_number: trackingNumber } }, signal);
  const parsed = publicTrackAnswerSchema.safeParse(body);
  return parsed.success && parsed.data.tracking_link ? parsed.data.tracking_link : null;
}
