import { useLingui } from '@lingui/react/macro';
import { lazy } from 'react';
import { useOnline } from '#web/lib/use-online.ts';
import { WhenIdle } from '#web/lib/when-idle.tsx';

const OutboxQueueBadges = lazy(() => import('./outbox-queue-badges.tsx'));

/**
 * The header's outbox badge: "Offline" as soon as the browser loses the connection, before anything
 * is queued, and the submissions waiting to sync or rejected (OutboxQueueBadges, whose IndexedDB
 * reads load once the first page has painted). The live region stays in place so that changes are
 * announced; it is empty when everything is sent.
 */
export function OutboxIndicator({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const online = useOnline();

  return (
    <div role="status" aria-label={t`Submissions to sync`} className="flex items-center gap-1">
      {!online && (
        <span className="badge badge-neutral badge-sm gap-1 whitespace-nowrap" title={t`No connection: what you save is kept on this device and sent when the connection returns.`}>
          <svg xmlns="http://www.w3.org/2000/svg" className="h-3 w-3" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="M3 3l18 18M8.5 16.5a5 5 0 017 0M5 13a10 10 0 015.5-2.8M19 13a10 10 0 00-2.4-1.7M2 8.8a15 15 0 014.2-2.6M22 8.8A15 15 0 0011 5" />
          </svg>
          {t`Offline`}
        </span>
      )}
      <WhenIdle>
        <OutboxQueueBadges clientId={clientId} />
      </WhenIdle>
    </div>
  );
}
