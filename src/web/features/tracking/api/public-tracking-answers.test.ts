import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publicTrackAnswerSchema, publicTrackingSchema } from '#shared/contract/tracking.ts';
import { validish } from '#tests/setup/zod-arbitrary.ts';
import { readPublicTrackAnswer, readPublicTracking } from './public-tracking-answers.ts';

// The readers replace the contract's schemas in the light public app: for any answer, valid or
// not, each must agree with its schema on whether it passes and on what comes out.

const noHints = () => undefined;

/** An answer of the schema's shape, often with one part broken: a field removed, replaced by any JSON value, or added. */
function answers(schema: unknown): fc.Arbitrary<unknown> {
  const valid = validish(schema, noHints);
  const json = fc.jsonValue();
  const broken = fc.tuple(valid, fc.string({ maxLength: 24 }), json, fc.nat()).map(([value, key, other, pick]) => {
    if (typeof value !== 'object' || value === null) return other;
    const copy: Record<string, unknown> = structuredClone(value as Record<string, unknown>);
    const keys = Object.keys(copy);
    const target = keys[pick % Math.max(keys.length, 1)];
    const events = copy.events;
    if (pick % 5 === 0 && target) delete copy[target];
    else if (pick % 5 === 1) copy[key] = other;
    else if (pick % 5 === 2 && Array.isArray(events) && events.length > 0) {
      const event = events[pick % events.length] as Record<string, unknown>;
      const eventKeys = Object.keys(event);
      event[eventKeys[pick % eventKeys.length]!] = other;
    } else if (target) copy[target] = other;
    return copy;
  });
  return fc.oneof(valid, broken, json);
}

function agrees(read: (json: unknown) => unknown, schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } }, value: unknown) {
  const parsed = schema.safeParse(value);
  const mine = read(value);
  expect(mine === null, JSON.stringify(value)).toBe(!parsed.success);
  if (parsed.success) expect(mine).toEqual(parsed.data);
}

describe('the public tracking answers without zod', () => {
  it('reads the timeline as publicTrackingSchema does', () => {
    fc.assert(fc.property(answers(publicTrackingSchema), (value) => agrees(readPublicTracking, publicTrackingSchema, value)), { numRuns: 2000 });
  });

  it('reads where to track as publicTrackAnswerSchema does', () => {
    fc.assert(fc.property(answers(publicTrackAnswerSchema), (value) => agrees(readPublicTrackAnswer, publicTrackAnswerSchema, value)), { numRuns: 1000 });
  });

  it('leaves out what the contract does not name', () => {
    const answer = {
      tracking_number: 'CP100000001SK',
      view: 'status',
      destination_country: null,
      milestone: 'SENT',
      deleted: false,
      events: [{ date: '2026-11-26T08:00:00.000Z', name: 'Sent', code: 'SENT', location: null, extra: 1 }],
      partner_name: null,
      partner_tracking_link: null,
      receiver_name: 'never shown',
    };
    expect(readPublicTracking(answer)).toEqual(publicTrackingSchema.parse(answer));
    expect(readPublicTracking(answer)).not.toHaveProperty('receiver_name');
    expect(readPublicTracking({ ...answer, milestone: 'LOST' })).toBeNull();
    expect(readPublicTracking({ ...answer, events: [{ ...answer.events[0], code: 'LOST' }] })).toBeNull();
  });
});
