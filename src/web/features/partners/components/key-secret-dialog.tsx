import { Trans, useLingui } from '@lingui/react/macro';
import { SecretOnceDialog } from '#web/components/ui/secret-once-dialog.tsx';

export interface CreatedKey {
  id: string;
  secret: string;
}

/** A new feed key's secret, shown this once (the shared secret-once dialog), with the key id beside it. */
export function KeySecretDialog({ created, partnerName, onClose }: { created: CreatedKey | null; partnerName: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <SecretOnceDialog
      open={created !== null}
      title={t`New feed key of ${partnerName}`}
      warning={<Trans>Copy the secret now and hand it to the partner safely. It will not be shown again: if it is lost, revoke the key and create a new one.</Trans>}
      fields={[
        { label: t`Key id`, value: created?.id ?? '', copyLabel: t`Copy the key id` },
        { label: t`Secret`, value: created?.secret ?? '', copyLabel: t`Copy the secret`, secret: true },
      ]}
      onClose={onClose}
    />
  );
}
