import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId, type InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'aria-invalid' | 'aria-describedby'>;

/**
 * A labelled input bound to react-hook-form. The error (a message id from the shared schemas or
 * a server message) is translated, tied to the input by aria-describedby and marked invalid.
 * A `suffix` (an amount's currency) shows inside the input's box, after what is typed, and is
 * read with the input's description. A number field's `understood` value ("2,5 kg", see
 * number-text.ts) shows under it while it holds one, so a misread magnitude is seen before the
 * submit. A read-only input (a value the form fills, such as a parcel
 * point's address) is greyed so that it does not look editable.
 */
export function TextField({
  label,
  registration,
  error,
  hint,
  suffix,
  understood,
  ...input
}: InputProps & { label: string; registration: UseFormRegisterReturn; error?: FieldError | undefined; hint?: string | undefined; suffix?: string | undefined; understood?: string | undefined }) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const suffixId = `${id}-suffix`;
  const understoodId = `${id}-understood`;
  const showUnderstood = Boolean(understood) && !error;
  const describedBy = [suffix ? suffixId : null, error ? errorId : null, showUnderstood ? understoodId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    // min-w-0: a fieldset is at least as wide as its content, so a long value pushed it out of narrow cards.
    <fieldset className="fieldset min-w-0">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      {suffix ? (
        <div className={`input w-full has-[input:read-only]:bg-base-200 ${error ? 'input-error' : ''}`}>
          <input id={id} className="min-w-0 grow" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} {...registration} />
          <span id={suffixId} className="label">
            {suffix}
          </span>
        </div>
      ) : (
        <input id={id} className={`input w-full read-only:bg-base-200 ${error ? 'input-error' : ''}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} {...registration} />
      )}
      {showUnderstood && (
        <p id={understoodId} className="label whitespace-normal font-medium text-base-content">
          <span aria-hidden="true">= </span>
          <span className="sr-only">
            <Trans>Read as</Trans>{' '}
          </span>
          {understood}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="label whitespace-normal">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="label whitespace-normal text-error" role="alert">
          {i18n._(error.message)}
        </p>
      )}
    </fieldset>
  );
}
