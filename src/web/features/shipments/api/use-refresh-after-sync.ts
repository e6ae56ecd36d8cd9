import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAcceptedCount } from '../offline/outbox.ts';
import { shipmentKeys } from './shipment-keys.ts';

/**
 * Refetches the shipment lists when the outbox (in this tab or another) gets a submission accepted
 * at or after `openedAt`, when the list opened: also one accepted before this component started.
 * A component, for the list to load once its first page has painted: it reads IndexedDB through
 * Dexie, which that paint does not need.
 */
export default function RefreshAfterSync({ clientId, openedAt }: { clientId: string | null | undefined; openedAt: number }): null {
  const queryClient = useQueryClient();
  const accepted = useAcceptedCount(clientId, openedAt);
  const seen = useRef(0);
  useEffect(() => {
    if (accepted === undefined) return;
    if (accepted > seen.current) void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() });
    seen.current = accepted;
  }, [accepted, queryClient]);
  return null;
}
