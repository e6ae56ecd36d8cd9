import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';

export interface CreatedKey {
  id: string;
  secret: string;
}

/** A new feed key's secret, shown this once: a copy button and a plain warning that it will not be shown again. */
export function KeySecretDialog({ created, partnerName, onClose }: { created: CreatedKey | null; partnerName: string; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <FormDialog open={created !== null} title={t`New feed key of ${partnerName}`} onClose={onClose}>
      <div role="alert" className="alert alert-warning alert-soft">
        <span>
          <Trans>Copy the secret now and hand it to the partner safely. It will not be shown again: if it is lost, revoke the key and create a new one.</Trans>
        </span>
      </div>
      <fieldset className="fieldset mt-3">
        <label className="fieldset-legend" htmlFor={`${id}-key`}>
          <Trans>Key id</Trans>
        </label>
        <div className="join w-full">
          <input id={`${id}-key`} className="input join-item w-full font-mono" readOnly value={created?.id ?? ''} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={created?.id ?? ''} label={t`Copy the key id`} className="btn join-item" />
        </div>
        <label className="fieldset-legend" htmlFor={`${id}-secret`}>
          <Trans>Secret</Trans>
        </label>
        <div className="join w-full">
          <input id={`${id}-secret`} className="input join-item w-full font-mono" readOnly value={created?.secret ?? ''} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={created?.secret ?? ''} label={t`Copy the secret`} className="btn join-item" />
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
