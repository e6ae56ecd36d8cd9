import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAcceptedCount } from '../offline/outbox.ts';
import { shipmentKeys } from './shipment-keys.ts';

/** Refetches the shipment lists when the outbox (in this tab or another) gets a submission accepted. */
export function useRefreshAfterSync(clientId: string | null | undefined): void {
  const queryClient = useQueryClient();
  const accepted = useAcceptedCount(clientId);
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (accepted === undefined) return;
    if (seen.current !== undefined && accepted > seen.current) void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() });
    seen.current = accepted;
  }, [accepted, queryClient]);
}
