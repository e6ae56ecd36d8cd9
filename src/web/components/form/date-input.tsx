import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { formatDayText, parseDayText } from './day-text.ts';

export interface DateInputProps {
  id: string;
  /** yyyy-MM-dd, or '' for none. */
  value: string;
  /** A day typed or picked, as yyyy-MM-dd ('' when cleared). Text that is no day is passed on as typed only with `passInvalid`. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  min?: string | undefined;
  max?: string | undefined;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** A form validates what was typed (its schema names the error); a filter keeps the last good day. */
  passInvalid?: boolean;
  size?: 'sm' | 'md';
}

/**
 * A day field in the app's language: typed as dd.mm.yyyy (the browser's own date field would show
 * its own language's format, "mm/dd/yyyy" in an English browser), with a calendar button that opens
 * the browser's picker. Applied on Enter, on leaving the field and on a pick.
 */
export function DateInput({ id, value, onChange, onBlur, min, max, invalid = false, describedBy, passInvalid = false, size = 'md' }: DateInputProps) {
  const { t } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  // What is being typed belongs to the value it started from: a new value (a reset) shows as itself.
  const [draft, setDraft] = useState<{ from: string; text: string } | null>(null);
  const text = draft && draft.from === value ? draft.text : formatDayText(value);
  const parsed = parseDayText(text);
  const wrong = parsed === null;

  function commit() {
    if (!draft || draft.from !== value) return;
    if (parsed === null) {
      if (passInvalid) onChange(text);
      return;
    }
    setDraft(null);
    if (parsed !== value) onChange(parsed);
  }

  return (
    <div className={`input w-full pr-1 ${size === 'sm' ? 'input-sm' : ''} ${invalid || wrong ? 'input-error' : ''}`}>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="min-w-0 grow"
        placeholder={t`dd.mm.yyyy`}
        value={text}
        aria-invalid={invalid || wrong || undefined}
        aria-describedby={describedBy}
        onChange={(e) => setDraft({ from: value, text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute h-0 w-0 opacity-0"
        value={parseDayText(value) ?? ''}
        min={min}
        max={max}
        onChange={(e) => {
          setDraft(null);
          onChange(e.target.value);
        }}
      />
      <button
        type="button"
        className={`btn btn-square btn-ghost ${size === 'sm' ? 'btn-xs' : 'btn-sm'}`}
        aria-label={t`Choose a day in the calendar`}
        onClick={() => {
          try {
            picker.current?.showPicker();
          } catch {
            picker.current?.focus();
          }
        }}
      >
        <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M8 3v3m8-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
        </svg>
      </button>
    </div>
  );
}
