import { skipToken, useQuery } from '@tanstack/react-query';
import { trackEndpoint, type PublicTrackAnswer, type TrackAnswer } from '#shared/contract/tracking.ts';
import { api } from '#web/lib/api.ts';
import type { TrackingSearch } from '#shared/domain/tracking-search.ts';
import { trackingKeys } from './tracking-keys.ts';

/** The caller's own shipment (an admin: every shipment) answers its events; anyone else's only where to track it. */
export type TrackShipmentAnswer = TrackAnswer | PublicTrackAnswer;

export function isOwnShipmentAnswer(answer: TrackShipmentAnswer): answer is TrackAnswer {
  return 'events' in answer;
}

/** GET /api/v1/shipments/track with the bearer (spec section 7). */
export function trackShipment(trackingNumber: string, zip: string | undefined, signal?: AbortSignal): Promise<TrackShipmentAnswer> {
  return api.call(trackEndpoint, { query: { tracking_number: trackingNumber, zip }, signal });
}

/** Runs whenever the search has a tracking number; tracking changes all day, so it is fetched again on every visit. */
export function useTrackShipment({ tracking_number, zip }: TrackingSearch) {
  return useQuery({
    queryKey: trackingKeys.track(tracking_number ?? '', zip),
    queryFn: tracking_number ? ({ signal }) => trackShipment(tracking_number, zip, signal) : skipToken,
    staleTime: 0,
  });
}
