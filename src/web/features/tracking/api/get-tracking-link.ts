import { TRACK_PATH } from '#shared/contract/tracking-paths.ts';
import { fetchPublicJson } from './fetch-public-json.ts';
import { readPublicTrackAnswer } from './public-tracking-answers.ts';

/**
 * GET /api/v1/shipments/track without a bearer: where to track the parcel (a partner's page or the
 * portal's own). Null when the answer names no link (spec section 8: "Shipment not found").
 */
export async function getTrackingLink(trackingNumber: string, signal?: AbortSignal): Promise<string | null> {
  const body = await fetchPublicJson(TRACK_PATH, { query: { tracking_number: trackingNumber } }, signal);
  return readPublicTrackAnswer(body)?.tracking_link || null;
}
