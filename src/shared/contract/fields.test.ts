import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { inputMessages } from '../i18n/input-messages.ts';
import { messages } from '../i18n/messages.ts';
import { calendarDay, isCalendarDay, optionalText, text } from './fields.ts';

const issues = (result: { success: boolean; error?: z.core.$ZodError }) => result.error?.issues.map((i) => i.message) ?? [];

describe('text', () => {
  const name = text(20, messages.required.id);

  it('folds tabs and line breaks into a space and trims', () => {
    expect(name.parse(' Ján\tNovák\r\n')).toBe('Ján Novák');
  });

  it.each(['\u0000', '\u0001', '\u007f', '\u0090', '\ud800', '\u202e', '\u2066'])('refuses %j with the control-character message', (character) => {
    const result = name.safeParse(`Ján${character}Novák`);
    expect(result.success).toBe(false);
    expect(issues(result)).toEqual([inputMessages.unsafeCharacters.id]);
  });

  it('refuses the same in optional text, and still accepts absent, null and ""', () => {
    const info = optionalText(50);
    expect(issues(info.safeParse('a\u0000'))).toEqual([inputMessages.unsafeCharacters.id]);
    for (const value of [undefined, null, '']) expect(info.safeParse(value).success).toBe(true);
  });

  it('accepts letters of every script, emoji and direction marks', () => {
    expect(name.parse('Ľudovít 📦 \u200f')).toBe('Ľudovít 📦 \u200f');
  });
});

describe('calendarDay', () => {
  const day = calendarDay();

  it('accepts days from 2000-01-01 to 2099-12-31', () => {
    for (const value of ['2000-01-01', '2024-02-29', '2099-12-31']) expect(day.safeParse(value).success).toBe(true);
  });

  it('refuses days outside those years with their own message', () => {
    for (const value of ['0000-01-01', '1999-12-31', '2100-01-01', '9999-12-31']) {
      expect(issues(day.safeParse(value))).toEqual([inputMessages.dayOutOfRange.id]);
      expect(isCalendarDay(value)).toBe(false);
    }
  });

  it('refuses days that do not exist as not allowed', () => {
    for (const value of ['2025-02-29', '2025-13-01', '25-01-01', '2025-1-1']) expect(issues(day.safeParse(value))).toEqual([messages.invalidValue.id]);
  });
});
