// The public page's lookup without TanStack Query (the light public app does not load it): one
// request per search, the previous one aborted, and a lookup that found no network runs again by
// itself when the connection comes back.
import { useCallback, useEffect, useState } from 'react';
import type { PublicTracking } from '#shared/contract/tracking.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { getPublicTracking } from './get-public-tracking.ts';

type Settled = { status: 'success'; tracking: PublicTracking } | { status: 'error'; error: unknown };
export type PublicTrackingState = { status: 'idle' } | { status: 'loading' } | Settled;

export function usePublicTracking(trackingNumber: string | undefined, zip: string | undefined): PublicTrackingState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // The answer belongs to the lookup that asked for it: a newer search or a retry shows "loading".
  const [settled, setSettled] = useState<{ key: string; result: Settled } | null>(null);
  const key = trackingNumber ? JSON.stringify([trackingNumber, zip ?? '', attempt]) : null;

  useEffect(() => {
    if (!trackingNumber || !key) return;
    const controller = new AbortController();
    getPublicTracking({ tracking_number: trackingNumber, zip }, controller.signal).then(
      (tracking) => setSettled({ key, result: { status: 'success', tracking } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, result: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, trackingNumber, zip]);

  const state: PublicTrackingState = !key ? { status: 'idle' } : settled?.key === key ? settled.result : { status: 'loading' };
  const offline = state.status === 'error' && state.error instanceof ApiError && state.error.isOffline;
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, retry]);

  return { ...state, retry };
}
