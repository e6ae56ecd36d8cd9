import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';

/** A generated client secret, shown this once: a copy button and a plain warning that it will not be shown again. */
export function SecretDialog({ secret, clientId, onClose }: { secret: string | null; clientId: string; onClose: () => void }) {
  const { t } = useLingui();
  const inputId = useId();
  return (
    <FormDialog open={secret !== null} title={t`Client secret of ${clientId}`} onClose={onClose}>
      <div role="alert" className="alert alert-warning alert-soft">
        <span>
          <Trans>Copy the secret now and hand it to the client safely. It will not be shown again: if it is lost, reset it.</Trans>
        </span>
      </div>
      <fieldset className="fieldset mt-3">
        <label className="fieldset-legend" htmlFor={inputId}>
          <Trans>Client secret</Trans>
        </label>
        <div className="join w-full">
          <input id={inputId} className="input join-item w-full font-mono" readOnly value={secret ?? ''} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={secret ?? ''} label={t`Copy the secret`} className="btn join-item" />
        </div>
      </fieldset>
      <div className="modal-action">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          <Trans>I have copied it</Trans>
        </button>
      </div>
    </FormDialog>
  );
}
