// Client authentication at the token endpoint (RFC 6749 section 2.3.1). A client sends its
// client_id and secret either in the body (`client_secret_post`) or as the user name and password
// of HTTP Basic (`client_secret_basic`, what most OAuth libraries do by default), each
// form-urlencoded before the pair is base64-encoded.

export type BasicCredentials =
  /** No Authorization header, or another scheme (a bearer token authenticates no client here). */
  | { kind: 'none' }
  /** `Basic` with something that is not base64 of UTF-8 `id:secret`, each form-urlencoded. */
  | { kind: 'malformed' }
  | { kind: 'basic'; clientId: string; secret: string };

/** `Basic <credentials>`: the scheme in any case (RFC 7235), one or more spaces, one token. */
const BASIC = /^basic(?: +([^ ]*))? *$/i;
const BASE64 = /^[A-Za-z0-9+/]+$/;
/** C0 and C1 controls: never part of a client_id or secret (and a NUL would not reach the database). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** application/x-www-form-urlencoded decoding of one value; null when a %-escape is broken. */
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/** Strict base64 (padding optional): Buffer.from alone skips characters it does not know. */
function base64Decode(text: string): string | null {
  const unpadded = text.replace(/={1,2}$/, '');
  if (!BASE64.test(unpadded) || unpadded.length % 4 === 1) return null;
  if (unpadded.length !== text.length && text.length % 4 !== 0) return null;
  try {
    return utf8.decode(Buffer.from(unpadded, 'base64'));
  } catch {
    return null;
  }
}

/** What the Authorization header of a token request says about the client. */
export function basicCredentials(header: string | undefined): BasicCredentials {
  if (header === undefined || !/^basic(?: |$)/i.test(header)) return { kind: 'none' };
  const encoded = BASIC.exec(header)?.[1];
  if (!encoded) return { kind: 'malformed' };
  const decoded = base64Decode(encoded);
  const colon = decoded === null ? -1 : decoded.indexOf(':');
  if (decoded === null || colon < 0) return { kind: 'malformed' };
  const clientId = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  if (clientId === null || secret === null || CONTROL.test(clientId) || CONTROL.test(secret)) return { kind: 'malformed' };
  return { kind: 'basic', clientId, secret };
}
