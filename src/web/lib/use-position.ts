import { useEffect, useState } from 'react';
import { LOCATION_TIMEOUT_MS } from '#shared/domain/limits.ts';

export type PositionState = { status: 'locating' } | { status: 'located'; lat: number; lng: number } | { status: 'unavailable' };

/**
 * The browser's location for ordering by distance. After LOCATION_TIMEOUT_MS (5 s), a refusal
 * or no geolocation at all, it is 'unavailable' and the caller searches by text only.
 */
export function usePosition(enabled: boolean): PositionState {
  const [state, setState] = useState<PositionState>(() => (enabled && 'geolocation' in navigator ? { status: 'locating' } : { status: 'unavailable' }));
  useEffect(() => {
    if (!enabled || !('geolocation' in navigator)) return;
    let done = false;
    const giveUp = setTimeout(() => {
      if (!done) setState({ status: 'unavailable' });
      done = true;
    }, LOCATION_TIMEOUT_MS);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (done) return;
        done = true;
        clearTimeout(giveUp);
        setState({ status: 'located', lat: Math.round(p.coords.latitude * 1e4) / 1e4, lng: Math.round(p.coords.longitude * 1e4) / 1e4 });
      },
      () => {
        if (done) return;
        done = true;
        clearTimeout(giveUp);
        setState({ status: 'unavailable' });
      },
      { timeout: LOCATION_TIMEOUT_MS, maximumAge: 10 * 60 * 1000 },
    );
    return () => {
      done = true;
      clearTimeout(giveUp);
    };
  }, [enabled]);
  return state;
}
