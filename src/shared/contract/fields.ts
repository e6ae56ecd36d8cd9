// Field builders shared by the contract's schemas: trimmed text with a length limit, optional
// text where absent, null and "" mean "not given", positive numbers in steps (weights, money).
import * as z from 'zod/mini';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';

export const text = /* @__NO_SIDE_EFFECTS__ */ (max: number, required?: string) =>
  required
    ? z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, messages.tooLong.id))
    : z.string().check(z.trim(), z.maxLength(max, messages.tooLong.id));

/** Optional free text: absent, null and "" all mean "not given". */
export const optionalText = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.optional(z.nullable(text(max)));

export const isStep = (value: number, decimals: number) => Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-6;
export const positive = /* @__NO_SIDE_EFFECTS__ */ (step: number, stepMessage: string) =>
  z.number({ error: messages.positiveNumber.id }).check(
    z.positive(messages.positiveNumber.id),
    z.refine((v) => isStep(v, step), stepMessage),
  );
export const dimension = /* @__NO_SIDE_EFFECTS__ */ () => positive(1, messages.positiveNumber.id).check(z.lte(1000, shipmentMessages.tooLarge.id));
export const optionalPositive = /* @__NO_SIDE_EFFECTS__ */ (step: number, stepMessage: string) => z.optional(z.nullable(positive(step, stepMessage)));

/** True for a yyyy-MM-dd day that exists (2025-02-30 does not: the database would refuse it). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

/** A calendar day as yyyy-MM-dd (date filters and periods). */
export const calendarDay = /* @__NO_SIDE_EFFECTS__ */ (required?: string) => z.string(required ? { error: required } : undefined).check(z.refine(isCalendarDay, messages.invalidValue.id));
