// Field builders shared by the contract's schemas: trimmed single-line text with a length limit
// and no control characters, optional text where absent, null and "" mean "not given", positive
// numbers in steps (weights, money) whose message says why typed text is not one, calendar days
// within the years the portal deals with.
import * as z from 'zod/mini';
import { isAmbiguousDecimal, parseDecimal } from '../domain/decimal-text.ts';
import { foldLineBreaks, hasUnsafeCharacters } from '../domain/unsafe-text.ts';
import { inputMessages } from '../i18n/input-messages.ts';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';

/** Refuses control characters, lone surrogates and bidi overrides (src/shared/domain/unsafe-text.ts). */
export const safeCharacters = /* @__NO_SIDE_EFFECTS__ */ () => z.refine<string>((value) => !hasUnsafeCharacters(value), inputMessages.unsafeCharacters.id);

/**
 * Single-line text: tabs and line breaks inside (a spreadsheet cell, pasted text) become one
 * space, the ends are trimmed; other control characters are refused.
 */
export const text = /* @__NO_SIDE_EFFECTS__ */ (max: number, required?: string) =>
  required
    ? z.string({ error: required }).check(z.overwrite(foldLineBreaks), z.trim(), z.minLength(1, required), z.maxLength(max, messages.tooLong.id), safeCharacters())
    : z.string().check(z.overwrite(foldLineBreaks), z.trim(), z.maxLength(max, messages.tooLong.id), safeCharacters());

/** Optional free text: absent, null and "" all mean "not given". */
export const optionalText = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.optional(z.nullable(text(max)));

/** The largest value of a PostgreSQL integer column (serial ids). */
export const INT32_MAX = 2_147_483_647;

/** A row's integer id (partners): an integer the id column can hold, 1 to INT32_MAX; `message` otherwise. */
export const serialId = /* @__NO_SIDE_EFFECTS__ */ (message: string = messages.invalidValue.id) => z.int({ error: message }).check(z.gte(1, message), z.lte(INT32_MAX, message));

/**
 * The message of a number field given something else: text a form or a file could not read as a
 * number says why ("2.500" could be two numbers, README note 96); anything else (missing, NaN, a
 * number sent as a JSON string) `message`.
 */
export const numberError =
  (message: string) =>
  ({ input }: { input?: unknown }): string => {
    if (typeof input !== 'string' || Number.isFinite(parseDecimal(input))) return message;
    return isAmbiguousDecimal(input) ? inputMessages.ambiguousNumber.id : inputMessages.notANumber.id;
  };

export const isStep = (value: number, decimals: number) => Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-6;
export const positive = /* @__NO_SIDE_EFFECTS__ */ (step: number, stepMessage: string) =>
  z.number({ error: numberError(messages.positiveNumber.id) }).check(
    z.positive(messages.positiveNumber.id),
    z.refine((v) => isStep(v, step), stepMessage),
  );
export const dimension = /* @__NO_SIDE_EFFECTS__ */ () => positive(1, messages.positiveNumber.id).check(z.lte(1000, shipmentMessages.tooLarge.id));
export const optionalPositive = /* @__NO_SIDE_EFFECTS__ */ (step: number, stepMessage: string) => z.optional(z.nullable(positive(step, stepMessage)));

/**
 * The days the portal deals with: no shipment, scan or report lies outside them, and the database
 * refuses some days that a Date accepts (year 0). Filters and periods outside are refused.
 */
export const DAY_RANGE = { first: '2000-01-01', last: '2099-12-31' } as const;

/** True for a yyyy-MM-dd day that exists, of any year (2025-02-30 does not). */
function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

/** True for a yyyy-MM-dd day that exists and lies within DAY_RANGE. */
export function isCalendarDay(day: string): boolean {
  return isRealDay(day) && day >= DAY_RANGE.first && day <= DAY_RANGE.last;
}

/** A calendar day as yyyy-MM-dd within DAY_RANGE (date filters and periods). */
export const calendarDay = /* @__NO_SIDE_EFFECTS__ */ (required?: string) =>
  z.string(required ? { error: required } : undefined).check(
    z.refine(isRealDay, messages.invalidValue.id),
    z.refine((day) => !isRealDay(day) || isCalendarDay(day), inputMessages.dayOutOfRange.id),
  );
