import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from './date-input.tsx';

/**
 * A labelled day field bound to react-hook-form, typed in the app's language (DateInput). What
 * was typed goes to the form's schema as it is, so a wrong day gets the schema's own message.
 */
export function DateField<T extends FieldValues>({ label, control, name, min, max }: { label: string; control: Control<T>; name: Path<T>; min?: string; max?: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const errorId = `${id}-error`;
  return (
    <fieldset className="fieldset min-w-0">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <DateInput
        id={id}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        min={min}
        max={max}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        passInvalid
      />
      {error && (
        <p id={errorId} className="label whitespace-normal text-error" role="alert">
          {i18n._(error)}
        </p>
      )}
    </fieldset>
  );
}
