import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAcceptedCount } from '../offline/outbox.ts';
import { shipmentKeys } from './shipment-keys.ts';

/**
 * Refetches the shipment lists when the outbox (in this tab or another) gets a submission accepted:
 * after `openedAt` (when the page opened) when given, else after this hook's first look.
 */
export function useRefreshAfterSync(clientId: string | null | undefined, openedAt?: number): void {
  const queryClient = useQueryClient();
  const accepted = useAcceptedCount(clientId, openedAt);
  // From openedAt every accepted submission counts, also one accepted before this hook first looked.
  const seen = useRef<number | undefined>(openedAt === undefined ? undefined : 0);
  useEffect(() => {
    if (accepted === undefined) return;
    if (seen.current !== undefined && accepted > seen.current) void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() });
    seen.current = accepted;
  }, [accepted, queryClient]);
}

/**
 * useRefreshAfterSync as a component, for the list to load once its first page has painted: it
 * reads IndexedDB through Dexie, which that paint does not need. `openedAt`: when the list opened
 * (submissions accepted from then on, before this component started, count too).
 */
export default function RefreshAfterSync({ clientId, openedAt }: { clientId: string | null | undefined; openedAt: number }): null {
  useRefreshAfterSync(clientId, openedAt);
  return null;
}
