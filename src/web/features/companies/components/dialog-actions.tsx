import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** Cancel and the submit button of a form dialog; the submit spins while it runs. */
export function DialogActions({ onCancel, busy, submitLabel }: { onCancel: () => void; busy: boolean; submitLabel: ReactNode }) {
  return (
    <div className="modal-action flex-wrap">
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        <Trans>Cancel</Trans>
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {submitLabel}
      </button>
    </div>
  );
}

/** What the form could not put on a field: the server's message or the field errors of no field. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft whitespace-pre-line">
      {text}
    </div>
  );
}
