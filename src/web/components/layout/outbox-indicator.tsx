import { Plural, useLingui } from '@lingui/react/macro';
import { useOutboxStatus } from '../../offline/outbox.ts';
import { ShellLink } from './shell-link.tsx';

/**
 * The header's outbox badge: how many wizard submissions wait to sync (pending, being sent or
 * waiting to retry) and how many the server rejected (their drafts carry the errors). The live
 * region stays in place so that changes are announced; it is empty when everything is sent.
 */
export function OutboxIndicator({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const status = useOutboxStatus(clientId);
  const waiting = status?.waiting ?? 0;
  const rejected = status?.rejected ?? 0;

  // The badges open the drafts page, where waiting and rejected submissions are listed.
  return (
    <div role="status" aria-label={t`Submissions to sync`} className="flex items-center gap-1">
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
