import type { PublicTracking } from '#shared/contract/tracking.ts';
import { PUBLIC_TRACKING_PATH } from '#shared/contract/tracking-paths.ts';
import { ApiError } from '#web/lib/api-error.ts';
import type { TrackingSearch } from '#shared/domain/tracking-search.ts';
import { fetchPublicJson } from './fetch-public-json.ts';
import { readPublicTracking } from './public-tracking-answers.ts';

/** GET /api/v1/tracking/{tracking_number}?zip: the public page's milestones and events (no personal data). */
export async function getPublicTracking(search: Required<Pick<TrackingSearch, 'tracking_number'>> & TrackingSearch, signal?: AbortSignal): Promise<PublicTracking> {
  const body = await fetchPublicJson(PUBLIC_TRACKING_PATH, { params: { tracking_number: search.tracking_number }, query: { zip: search.zip } }, signal);
  const tracking = readPublicTracking(body);
  if (!tracking) throw new ApiError(200, null, 'unexpected_response');
  return tracking;
}
