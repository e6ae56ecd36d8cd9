import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '#shared/contract/errors.ts';
import { errorFromResponse, readErrorBody } from './api-error.ts';

// readErrorBody replaces errorBodySchema in the web app (the light public app does not load zod):
// for any JSON, it must agree with the schema on whether it passes and on what comes out.

const field = fc.oneof(fc.constant(undefined), fc.string(), fc.jsonValue());
const errors = fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 12 }), fc.array(fc.string(), { maxLength: 3 })), fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue()), fc.jsonValue());
// Codes: well formed, or of the wrong shape (not a record, not lists of strings).
const codes = fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 6 }), fc.array(fc.constantFrom('required', 'postal_code.invalid', 'x'), { maxLength: 2 }), { maxKeys: 3 }), fc.constantFrom(5, 'required', { zip: 'required' }, { zip: [1] }));
const bodies = fc.oneof(
  fc.record({ message: field, errors, codes, error: field, other: fc.jsonValue() }, { requiredKeys: [] }),
  fc.jsonValue(),
);

describe('reading an error answer without zod', () => {
  it('agrees with errorBodySchema on every JSON value', () => {
    fc.assert(
      fc.property(bodies, (body) => {
        // What JSON can carry: undefined fields are absent.
        const json: unknown = JSON.parse(JSON.stringify(body) ?? 'null');
        const parsed = errorBodySchema.safeParse(json);
        const mine = readErrorBody(json);
        expect(mine === null, JSON.stringify(json)).toBe(!parsed.success);
        if (parsed.success) expect(mine).toEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
    // 3,000 bodies take 1-5 s on a busy 2-core machine.
  }, 20_000);

  it('leaves out a "__proto__" field as zod does (fast-check found it)', () => {
    const json: unknown = JSON.parse('{"error":"validation_failed","message":"m","errors":{"__proto__":["x"],"zip":["Too long"]}}');
    const parsed = errorBodySchema.safeParse(json);
    expect(parsed.success).toBe(true);
    expect(readErrorBody(json)).toEqual(parsed.data);
    expect(Object.keys(readErrorBody(json)?.errors ?? {})).toEqual(['zip']);
  });

  it('keeps the server message and field errors of a real answer', async () => {
    const response = new Response(JSON.stringify({ error: 'validation_failed', message: 'Check the fields.', errors: { zip: ['Too long'] }, request_id: 'x' }), { status: 422, headers: { 'content-type': 'application/json' } });
    const error = await errorFromResponse(response);
    expect(error.body).toEqual({ error: 'validation_failed', message: 'Check the fields.', errors: { zip: ['Too long'] } });
    expect(error.fields).toEqual({ zip: ['Too long'] });
    expect(error.message).toBe('zip: Too long');
  });

  it('keeps only the status when the answer is not of the shape', async () => {
    const error = await errorFromResponse(new Response(JSON.stringify({ message: 42 }), { status: 500, statusText: 'Internal Server Error' }));
    expect(error.body).toBeNull();
    expect(error.message).toBe('Internal Server Error');
  });
});
