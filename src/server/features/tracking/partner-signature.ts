// The partner feed's request signature (see README, "Partner event feed"):
//   X-Partner-Signature: sha256=<hex HMAC-SHA256 of `${X-Partner-Timestamp}.${raw body}`>
// keyed with the key's secret as printed (its text, not decoded). Pure functions: the plugin
// supplies the headers, the raw bytes and the clock.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const SIGNATURE_PREFIX = 'sha256=';

export const PARTNER_HEADERS = {
  key: 'x-partner-key',
  timestamp: 'x-partner-timestamp',
  signature: 'x-partner-signature',
} as const;

export interface SignedRequest {
  keyId: string;
  /** Unix seconds, as signed. */
  timestamp: number;
  /** The timestamp's text exactly as sent: it is what was signed. */
  timestampText: string;
  /** The 32 bytes of the HMAC the partner sent. */
  signature: Buffer;
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim() : undefined);

/** The three headers when each is present once and well formed; null otherwise. */
export function readSignedRequest(headers: IncomingHttpHeaders): SignedRequest | null {
  const keyId = single(headers[PARTNER_HEADERS.key]);
  const timestampText = single(headers[PARTNER_HEADERS.timestamp]);
  const signature = single(headers[PARTNER_HEADERS.signature])?.toLowerCase();
  if (!keyId || keyId.length > 100 || !timestampText || !signature) return null;
  if (!/^\d{1,12}$/.test(timestampText)) return null;
  if (!signature.startsWith(SIGNATURE_PREFIX)) return null;
  const hex = signature.slice(SIGNATURE_PREFIX.length);
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  return { keyId, timestamp: Number(timestampText), timestampText, signature: Buffer.from(hex, 'hex') };
}

function hmac(secret: string, timestampText: string, rawBody: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestampText}.`).update(rawBody).digest();
}

/** The header value a partner sends for this body (used by tests, the bench and the README example). */
export function signPartnerRequest(secret: string, timestamp: number | string, rawBody: Uint8Array | string): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return `${SIGNATURE_PREFIX}${hmac(secret, String(timestamp), body).toString('hex')}`;
}

/** Constant-time comparison of the sent HMAC with ours. */
export function signatureMatches(secret: string, request: SignedRequest, rawBody: Uint8Array): boolean {
  const expected = hmac(secret, request.timestampText, rawBody);
  return request.signature.length === expected.length && timingSafeEqual(request.signature, expected);
}

/** Whether the signed time is within `windowSeconds` of now, either way (clocks drift both ways). */
export function withinWindow(timestamp: number, nowSeconds: number, windowSeconds: number): boolean {
  return Math.abs(nowSeconds - timestamp) <= windowSeconds;
}
