import { Trans, useLingui } from '@lingui/react/macro';
import { SecretOnceDialog } from '#web/components/ui/secret-once-dialog.tsx';

/** A generated client secret, shown this once (the shared secret-once dialog). */
export function SecretDialog({ secret, clientId, onClose }: { secret: string | null; clientId: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <SecretOnceDialog
      open={secret !== null}
      title={t`Client secret of ${clientId}`}
      warning={<Trans>Copy the secret now and hand it to the client safely. It will not be shown again: if it is lost, reset it.</Trans>}
      fields={[{ label: t`Client secret`, value: secret ?? '', copyLabel: t`Copy the secret`, secret: true }]}
      onClose={onClose}
    />
  );
}
