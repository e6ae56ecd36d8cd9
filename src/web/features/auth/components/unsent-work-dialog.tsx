import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useOnline } from '#web/lib/use-online.ts';
import type { UnsentWork } from '#web/offline/unsent-work.ts';
import type { SignOutChoice } from '../api/use-checked-sign-out.ts';

export interface UnsentWorkDialogProps {
  /** What would stay unsent; null: closed. */
  work: UnsentWork | null;
  busy: boolean;
  onConfirm: (choice: SignOutChoice) => void;
  onCancel: () => void;
}

/**
 * "Log out with unsent work?": names what waits, says what becomes of it; staying is the default.
 * Drafts being filled in are kept for the next sign-in on this device (seen only by this client)
 * or deleted now, as the user chooses; keeping is preselected.
 */
export function UnsentWorkDialog({ work, busy, onConfirm, onCancel }: UnsentWorkDialogProps) {
  const { t } = useLingui();
  const submissions = work?.submissions ?? 0;
  const rejected = work?.rejected ?? 0;
  const scans = work?.scans ?? 0;
  const drafts = work?.drafts ?? 0;
  const online = useOnline();
  const choiceName = useId();
  const [deleteDrafts, setDeleteDrafts] = useState(false);
  // Each opening starts from keeping them (React's pattern for "what it was before").
  const [openedFor, setOpenedFor] = useState(work);
  if (openedFor !== work) {
    setOpenedFor(work);
    setDeleteDrafts(false);
  }
  return (
    <ConfirmDialog
      open={work !== null}
      title={t`Log out with unsent work?`}
      confirmLabel={t`Log out anyway`}
      cancelLabel={t`Stay logged in`}
      tone="primary"
      busy={busy}
      onConfirm={() => onConfirm({ deleteDrafts: drafts > 0 && deleteDrafts })}
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
        {drafts > 0 && (
          <li>
            <Plural value={drafts} one="# draft of a shipment is not finished." other="# drafts of shipments are not finished." />
          </li>
        )}
      </ul>
      {submissions + rejected + scans > 0 && (
        <p className="mt-3">
          <Trans>
            Waiting shipments and scans and refused shipments stay in this browser, where only you will see them when you log in here again. Waiting shipments and scans
            are sent only then; until then the carrier does not receive them.
          </Trans>
        </p>
      )}
      {drafts > 0 && (
        <fieldset className="mt-3 space-y-2" disabled={busy}>
          <legend className="mb-1 font-semibold">
            <Plural value={drafts} one="Your draft" other="Your drafts" />
          </legend>
          <label className="flex items-start gap-2">
            <input type="radio" className="radio radio-sm mt-0.5" name={choiceName} checked={!deleteDrafts} onChange={() => setDeleteDrafts(false)} />
            <span>
              <Plural value={drafts} one="Keep # draft for next time on this device" other="Keep # drafts for next time on this device" />
              <span className="block text-sm opacity-80">
                <Trans>Only you will see them, when you log in here again.</Trans>
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" className="radio radio-sm mt-0.5" name={choiceName} checked={deleteDrafts} onChange={() => setDeleteDrafts(true)} />
            <span>
              <Plural value={drafts} one="Delete it now" other="Delete them now" />
            </span>
          </label>
        </fieldset>
      )}
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
