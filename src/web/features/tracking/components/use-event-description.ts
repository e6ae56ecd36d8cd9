import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { TrackingEvent } from '#shared/contract/tracking.ts';

/**
 * An event's description in the page's language: the shared message `tracking.event.{code}`
 * (so switching the language needs no new lookup), else the server's text (a code this version
 * does not know yet).
 */
export function useEventDescription(): (event: Pick<TrackingEvent, 'code' | 'name'>) => string {
  const { _ } = useLingui();
  return useCallback((event) => _({ id: `tracking.event.${event.code}`, message: event.name }), [_]);
}
