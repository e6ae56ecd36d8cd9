import { Plural, useLingui } from '@lingui/react/macro';
import { useOnline } from '#web/lib/use-online.ts';
import { db } from '#web/offline/db.ts';
import { useQueueStatus } from '#web/offline/queue-status.ts';
import { ShellLink } from './shell-link.tsx';

/**
 * The header's outbox badge: how many wizard submissions wait to sync (pending, being sent or
 * waiting to retry) and how many the server rejected (their drafts carry the errors). The live
 * region stays in place so that changes are announced; it is empty when everything is sent.
 * "Offline" shows as soon as the browser loses the connection, before anything is queued.
 */
export function OutboxIndicator({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const status = useQueueStatus(db.outbox, clientId);
  const waiting = status?.waiting ?? 0;
  const rejected = status?.rejected ?? 0;
  const online = useOnline();

  // The badges open the drafts page, where waiting and rejected submissions are listed.
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
      {(waiting > 0 || rejected > 0) && (
        <ShellLink href="/shipment/drafts" className="flex items-center gap-1">
          {waiting > 0 && (
            <span className="badge badge-warning badge-sm gap-1 whitespace-nowrap">
              {(status?.sending ?? 0) > 0 && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              <Plural value={waiting} one="# waiting to sync" other="# waiting to sync" />
            </span>
          )}
          {rejected > 0 && (
            <span className="badge badge-error badge-sm whitespace-nowrap">
              <Plural value={rejected} one="# rejected" other="# rejected" />
            </span>
          )}
        </ShellLink>
      )}
    </div>
  );
}
