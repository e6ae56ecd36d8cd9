import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { credentialsSchema, type Credentials } from '#shared/contract/auth.ts';
import { applyServerErrors } from '#web/components/form/server-errors.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { api } from '#web/lib/api.ts';
import { ApiError } from '#web/lib/api-error.ts';

const FIELDS = ['client_id', 'client_secret'] as const;

/**
 * The sign-in form. `sessionEnded`: the user was sent here because their session ended (it ran
 * out, or was ended elsewhere), not on a first visit or after Log out; the form says so until a
 * sign-in fails, whose reason then takes the top.
 */
export function LoginForm({ onSignedIn, sessionEnded = false }: { onSignedIn: () => void | Promise<void>; sessionEnded?: boolean }) {
  const { t } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ resolver: zodResolver(credentialsSchema), defaultValues: { client_id: '', client_secret: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api.signIn(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isOffline) {
        setFailure(t`You are offline. Connect to the internet to sign in.`);
        return;
      }
      applyServerErrors(error, FIELDS, setError);
      setFailure(error.body?.message ?? error.message);
      return;
    }
    showToast(t`Signed in successfully.`);
    await onSignedIn();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      {failure ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{failure}</span>
        </div>
      ) : (
        sessionEnded && (
          <div role="status" className="alert alert-info alert-soft">
            <span>
              <Trans>Your session has ended. Please sign in again.</Trans>
            </span>
          </div>
        )
      )}
      <TextField label={t`Client ID`} registration={register('client_id')} error={errors.client_id} autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus />
      <TextField label={t`Client secret`} type="password" registration={register('client_secret')} error={errors.client_secret} autoComplete="current-password" />
      <button type="submit" className="btn btn-primary mt-4" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        <Trans>Sign in</Trans>
      </button>
    </form>
  );
}
