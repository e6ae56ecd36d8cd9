import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSignedRequest, signatureMatches, signPartnerRequest, withinWindow } from './partner-signature.ts';

const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I';
const BODY = '{"events":[{"event_id":"1"}]}';

describe('signPartnerRequest', () => {
  it('is the hex HMAC-SHA256 of "timestamp.body" keyed with the secret text (as openssl computes it)', () => {
    const expected = createHmac('sha256', SECRET).update(`1767225600.${BODY}`).digest('hex');
    expect(signPartnerRequest(SECRET, 1767225600, BODY)).toBe(`sha256=${expected}`);
    expect(signPartnerRequest(SECRET, '1767225600', Buffer.from(BODY))).toBe(`sha256=${expected}`);
  });
});

describe('readSignedRequest and signatureMatches', () => {
  const headers = (overrides: Record<string, string | string[] | undefined> = {}) => ({
    'x-partner-key': 'pk_test',
    'x-partner-timestamp': '1767225600',
    'x-partner-signature': signPartnerRequest(SECRET, 1767225600, BODY),
    ...overrides,
  });

  it('accepts the exact bytes that were signed, and the hex in any case', () => {
    const signed = readSignedRequest(headers())!;
    expect(signed).toMatchObject({ keyId: 'pk_test', timestamp: 1767225600, timestampText: '1767225600' });
    expect(signatureMatches(SECRET, signed, Buffer.from(BODY))).toBe(true);
    const upper = readSignedRequest(headers({ 'x-partner-signature': signPartnerRequest(SECRET, 1767225600, BODY).toUpperCase() }))!;
    expect(signatureMatches(SECRET, upper, Buffer.from(BODY))).toBe(true);
  });

  it('refuses other bytes, another secret, or another spelling of the timestamp', () => {
    const signed = readSignedRequest(headers())!;
    expect(signatureMatches(SECRET, signed, Buffer.from(`${BODY}\n`))).toBe(false);
    expect(signatureMatches(`${SECRET}x`, signed, Buffer.from(BODY))).toBe(false);
    const padded = readSignedRequest(headers({ 'x-partner-timestamp': '01767225600' }))!;
    expect(signatureMatches(SECRET, padded, Buffer.from(BODY))).toBe(false);
  });

  it.each([
    ['x-partner-key', undefined],
    ['x-partner-key', ['pk_a', 'pk_b']],
    ['x-partner-key', 'k'.repeat(101)],
    ['x-partner-timestamp', undefined],
    ['x-partner-timestamp', '-5'],
    ['x-partner-timestamp', '1.5'],
    ['x-partner-timestamp', '9'.repeat(13)],
    ['x-partner-signature', undefined],
    ['x-partner-signature', 'abc'],
    ['x-partner-signature', `sha512=${'a'.repeat(64)}`],
    ['x-partner-signature', `sha256=${'g'.repeat(64)}`],
    ['x-partner-signature', `sha256=${'a'.repeat(63)}`],
  ])('reads nothing when %s is %j', (name, value) => {
    expect(readSignedRequest(headers({ [name]: value }))).toBeNull();
  });
});

describe('withinWindow', () => {
  it('allows drift both ways up to the window', () => {
    expect(withinWindow(1000, 1300, 300)).toBe(true);
    expect(withinWindow(1300, 1000, 300)).toBe(true);
    expect(withinWindow(1000, 1301, 300)).toBe(false);
    expect(withinWindow(1301, 1000, 300)).toBe(false);
  });
});
