import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { credentialsSchema, type Credentials } from '#shared/contract/auth.ts';
import { applyServerErrors } from '#web/components/form/server-errors.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { api } from '#web/lib/api.ts';
import { ApiError } from '#web/lib/api-error.ts';

const FIELDS = ['client_id', 'client_secret'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, FieldError>>;

/** The schema's first error of each field, or the values it accepts (client_id trimmed). */
function validate(values: Credentials): { data: Credentials; errors: Errors } | { data: null; errors: Errors } {
  const parsed = credentialsSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { data: null, errors };
}

function inputOf(form: HTMLFormElement, name: Field): HTMLInputElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

const valuesOf = (form: HTMLFormElement): Credentials => ({ client_id: inputOf(form, 'client_id')?.value ?? '', client_secret: inputOf(form, 'client_secret')?.value ?? '' });

/**
 * The sign-in form. `sessionEnded`: the user was sent here because their session ended (it ran
 * out, or was ended elsewhere), not on a first visit or after Log out; the form says so until a
 * sign-in fails, whose reason then takes the top.
 *
 * Two fields, validated as the app's react-hook-form forms are (the schema on submit, focus on the
 * first error, each field again as it changes once submitted), without react-hook-form: the
 * sign-in page is the full app's lightest first visit, and the library was ~15 KB of it gzipped.
 */
export function LoginForm({ onSignedIn, sessionEnded = false }: { onSignedIn: () => void | Promise<void>; sessionEnded?: boolean }) {
  const { t } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const register = (name: Field): UseFormRegisterReturn<Field> => ({
    name,
    ref: () => undefined,
    // Once submitted, a field's error follows what is typed.
    onChange: async (event: { target: HTMLInputElement }) => {
      const form = event.target.form;
      if (!submitted || !form) return;
      const error = validate(valuesOf(form)).errors[name];
      setErrors((current) => {
        const others = { ...current };
        delete others[name];
        return error ? { ...others, [name]: error } : others;
      });
    },
    onBlur: async () => undefined,
  });

  const onSubmit = async (form: HTMLFormElement) => {
    setSubmitted(true);
    const checked = validate(valuesOf(form));
    setErrors(checked.errors);
    if (!checked.data) {
      inputOf(form, FIELDS.find((name) => checked.errors[name]) ?? 'client_id')?.focus();
      return;
    }
    const setError: UseFormSetError<Credentials> = (name, error, options) => {
      const field = FIELDS.find((one) => one === name);
      if (!field) return;
      setErrors((current) => ({ ...current, [field]: { type: error.type ?? 'server', message: error.message } }));
      if (options?.shouldFocus) inputOf(form, field)?.focus();
    };
    setSubmitting(true);
    try {
      setFailure(null);
      try {
        await api.signIn(checked.data);
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
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(event.currentTarget);
      }}
      noValidate className="flex flex-col gap-2">
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
