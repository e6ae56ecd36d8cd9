// Numbers typed into text inputs (README note 96, "Numbers as typed"). `<input type="number">`
// let Chromium drop a decimal comma ("2,5" became 25 kg), so number fields are text inputs with
// a numeric keyboard, read by the shared rule of decimal-text.ts in the user's language: the
// language's decimal mark, and the other one where it can only be decimal. Text that is not a
// number, or that could be two ("2.500" in Slovak), stays in the form as typed: the contract's
// schema then says why (numberError in src/shared/contract/fields.ts), on the field.
import { decimalMarkOf, readDecimal } from '#shared/domain/decimal-text.ts';

/**
 * register() options of a number field in `language`: empty is `empty` (undefined on the send
 * form, null in a wizard draft), a readable number its value, anything else the text itself.
 */
export function numberText<Empty extends null | undefined>(language: string, empty: Empty) {
  const mark = decimalMarkOf(language);
  return {
    setValueAs: (value: unknown): number | string | Empty => {
      if (typeof value === 'number') return value;
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return empty;
      const reading = readDecimal(text, mark);
      return 'value' in reading ? reading.value : text;
    },
  };
}

/** The input's attributes: text with the phone's numeric keyboard (with a decimal key for `decimal`). */
export function numberInput(kind: 'decimal' | 'numeric') {
  return { type: 'text', inputMode: kind, autoComplete: 'off', spellCheck: false } as const;
}

/** The field's value as understood ("2,5 kg"), shown beside it before submit; undefined unless it is a number. */
export function understood(value: unknown, format: (value: number) => string): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? format(value) : undefined;
}
