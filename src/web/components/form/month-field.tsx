import { useLingui } from '@lingui/react';
import { useId, useMemo } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { currentLanguage } from '../../lib/i18n.ts';
import { intlTag } from '../../../shared/domain/languages.ts';

/**
 * A month (yyyy-MM) chosen from a list of months named in the app's language, newest first (the
 * browser's month field speaks the browser's language). `max` is the newest month offered.
 */
export function MonthField<T extends FieldValues>({ label, control, name, max, count = 36 }: { label: string; control: Control<T>; name: Path<T>; max: string; count?: number }) {
  const { i18n } = useLingui();
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const errorId = `${id}-error`;
  const locale = intlTag(currentLanguage());
  const months = useMemo(() => {
    const [year, month] = max.split('-').map(Number);
    const names = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return Array.from({ length: count }, (_, i) => {
      const date = new Date(Date.UTC(year!, month! - 1 - i, 1));
      return { value: date.toISOString().slice(0, 7), label: names.format(date) };
    });
  }, [max, count, locale]);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <fieldset className="fieldset min-w-0">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        value={value}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {!months.some((m) => m.value === value) && <option value={value}>{value}</option>}
        {months.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="label whitespace-normal text-error" role="alert">
          {i18n._(error)}
        </p>
      )}
    </fieldset>
  );
}
