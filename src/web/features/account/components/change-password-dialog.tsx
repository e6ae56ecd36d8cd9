import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changeSecretSchema, type ChangeSecret } from '#shared/contract/profile.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useChangeSecret } from '../api/account.ts';

const FIELDS = ['oldSecret', 'newSecret', 'newSecretConfirm'] as const;

/** Spec section 5: oldSecret, newSecret, newSecretConfirm ("Passwords don't match"); the server's refusals land on the fields. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <FormDialog open={open} title={t`Change password`} onClose={onClose}>
      <ChangePasswordForm onClose={onClose} />
    </FormDialog>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const change = useChangeSecret();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeSecret>({ resolver: zodResolver(changeSecretSchema), defaultValues: { oldSecret: '', newSecret: '', newSecretConfirm: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await change.mutateAsync(values);
      showToast(message);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isOffline) {
        setFailure(t`You are offline. Your password was not changed: try again when you are back online.`);
        return;
      }
      const notOnFields = formFailureText(error, FIELDS, setError, error.message);
      if (notOnFields) setFailure(notOnFields);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
      {failure && (
        <div role="alert" className="alert alert-error alert-soft whitespace-pre-line">
          {failure}
        </div>
      )}
      <TextField label={t`Current password`} registration={register('oldSecret')} error={errors.oldSecret} type="password" autoComplete="current-password" />
      <TextField
        label={t`New password`}
        registration={register('newSecret')}
        error={errors.newSecret}
        type="password"
        autoComplete="new-password"
        hint={t`At least 10 characters. A phrase of several unrelated words is easy to remember and hard to guess.`}
      />
      <TextField label={t`Repeat the new password`} registration={register('newSecretConfirm')} error={errors.newSecretConfirm} type="password" autoComplete="new-password" />
      <p className="text-sm text-base-content/70">
        <Trans>Changing your password signs you out on every other device.</Trans>
      </p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          <Trans>Change password</Trans>
        </button>
      </div>
    </form>
  );
}
