import { useMemo } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { intlTag } from '#shared/domain/languages.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { SelectField } from './select-field.tsx';

/**
 * A month (yyyy-MM) chosen from a list of months named in the app's language, newest first (the
 * browser's month field speaks the browser's language). `max` is the newest month offered.
 */
export function MonthField({
  label,
  registration,
  error,
  max,
  count = 36,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  max: string;
  count?: number;
}) {
  const locale = intlTag(currentLanguage());
  const months = useMemo(() => {
    const [year, month] = max.split('-').map(Number);
    const names = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return Array.from({ length: count }, (_, i) => {
      const date = new Date(Date.UTC(year!, month! - 1 - i, 1));
      return { value: date.toISOString().slice(0, 7), label: names.format(date) };
    });
  }, [max, count, locale]);
  return (
    <SelectField label={label} registration={registration} error={error}>
      {months.map((m) => (
        <option key={m.value} value={m.value}>
          {m.label}
        </option>
      ))}
    </SelectField>
  );
}
