import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useOnline } from '#web/lib/use-online.ts';
import type { UnsentWork } from '#web/offline/unsent-work.ts';

export interface UnsentWorkDialogProps {
  /** What would stay unsent; null: closed. */
  work: UnsentWork | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Log out with unsent work?": names what waits, says what becomes of it; staying is the default. */
export function UnsentWorkDialog({ work, busy, onConfirm, onCancel }: UnsentWorkDialogProps) {
  const { t } = useLingui();
  const submissions = work?.submissions ?? 0;
  const rejected = work?.rejected ?? 0;
  const scans = work?.scans ?? 0;
  const online = useOnline();
  return (
    <ConfirmDialog
      open={work !== null}
      title={t`Log out with unsent work?`}
      confirmLabel={t`Log out anyway`}
      cancelLabel={t`Stay logged in`}
      tone="primary"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <ul className="list-disc space-y-1 pl-5">
        {submissions > 0 && (
          <li>
            <Plural value={submissions} one="# shipment is waiting to be sent." other="# shipments are waiting to be sent." />
          </li>
        )}
        {rejected > 0 && (
          <li>
            <Plural value={rejected} one="# shipment was refused and waits for your correction." other="# shipments were refused and wait for your correction." />
          </li>
        )}
        {scans > 0 && (
          <li>
            <Plural value={scans} one="# scan is waiting to be sent." other="# scans are waiting to be sent." />
          </li>
        )}
      </ul>
      <p className="mt-3">
        <Trans>
          Nothing is deleted: it stays in this browser, where only you will see it when you log in here again. Waiting shipments and scans are sent only then; until then the
          carrier does not receive them.
        </Trans>
      </p>
      {!online && (
        <p className="mt-3">
          <Trans>
            You are offline. Logging out still works: this device tells the server as soon as the connection returns, and until then nobody can continue your session here
            without your secret.
          </Trans>
        </p>
      )}
    </ConfirmDialog>
  );
}
