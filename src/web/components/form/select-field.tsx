import { useLingui } from '@lingui/react';
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled select bound to react-hook-form, with its translated error (or else its hint) tied by aria-describedby. */
export function SelectField({
  label,
  registration,
  error,
  hint,
  children,
  ...select
}: SelectProps & { label: string; registration: UseFormRegisterReturn; error?: FieldError | undefined; hint?: string | undefined; children: ReactNode }) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        {...select}
        {...registration}
      >
        {children}
      </select>
      {error?.message && (
        <p id={errorId} className="label whitespace-normal text-error" role="alert">
          {i18n._(error.message)}
        </p>
      )}
      {hint && !error?.message && (
        <p id={hintId} className="label whitespace-normal">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
