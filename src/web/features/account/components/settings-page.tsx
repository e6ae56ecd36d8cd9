import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { ListError } from '#web/components/ui/list-states.tsx';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useProfile } from '../api/account.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { ProfileForm } from './profile-form.tsx';
import { BackToShipments } from '#web/components/layout/back-to-shipments.tsx';
import { useCan } from '#web/lib/session.ts';
import { WebhooksSection } from './webhooks-section.tsx';

/** /user/settings (spec section 2): the profile form with the company read-only, the change-password dialog, the pickup addresses' label printers (`labelPrinters`, from the shipments feature), and the company's webhooks (roles that may manage them). */
export function SettingsPage({ labelPrinters }: { labelPrinters?: ReactNode }) {
  const { t } = useLingui();
  const profile = useProfile();
  const errorText = useErrorText(t`You are offline. Your profile loads when the connection is back.`);
  const [changing, setChanging] = useState(false);
  const canManageWebhooks = useCan('webhooks.manage');

  return (
    <div className="flex flex-col gap-4">
      <div>
        <BackToShipments />
        <h1 className="mt-1 text-2xl font-semibold">
          <Trans>Settings</Trans>
        </h1>
      </div>
      {profile.isPending && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy="true" aria-label={t`Loading your profile`}>
          <div className="skeleton h-80 w-full" />
          <div className="skeleton h-80 w-full" />
        </div>
      )}
      {profile.isError && <ListError text={errorText(profile.error)} onRetry={() => void profile.refetch()} />}
      {profile.data && <ProfileForm profile={profile.data} onChangePassword={() => setChanging(true)} />}
      {profile.data && labelPrinters}
      {canManageWebhooks && <WebhooksSection />}
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </div>
  );
}
