import { Plural, useLingui } from '@lingui/react/macro';
import { db } from '#web/offline/db.ts';
import { useQueueStatus } from '#web/offline/queue-status.ts';
import { ShellLink } from './shell-link.tsx';

/**
 * The outbox badge's counts: how many wizard submissions wait to sync (pending, being sent or
 * waiting to retry) and how many the server rejected (their drafts carry the errors), and the same
 * for the depot's scans (issue 32 item 5: on every page, not only on the scan page). Submissions
 * open the drafts page, scans the scan page, where each is listed. A module of its own, loaded
 * once the first page has painted: it reads IndexedDB through Dexie (~30 KB gzipped), which the
 * first paint of the shell does not need.
 */
export default function OutboxQueueBadges({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const status = useQueueStatus(db.outbox, clientId);
  const scans = useQueueStatus(db.scans, clientId);
  const waiting = status?.waiting ?? 0;
  const rejected = status?.rejected ?? 0;
  const scansWaiting = scans?.waiting ?? 0;
  const scansRejected = scans?.rejected ?? 0;
  return (
    <>
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
      {(scansWaiting > 0 || scansRejected > 0) && (
        <ShellLink href="/shipment/scan" className="flex items-center gap-1" title={t`Scans kept on this device: open the scan page`}>
          {scansWaiting > 0 && (
            <span className="badge badge-warning badge-sm gap-1 whitespace-nowrap">
              {(scans?.sending ?? 0) > 0 && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              <Plural value={scansWaiting} one="# scan waiting" other="# scans waiting" />
            </span>
          )}
          {scansRejected > 0 && (
            <span className="badge badge-error badge-sm whitespace-nowrap">
              <Plural value={scansRejected} one="# scan rejected" other="# scans rejected" />
            </span>
          )}
        </ShellLink>
      )}
    </>
  );
}
