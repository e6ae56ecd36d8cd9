import type { ErrorBody } from '#shared/contract/errors.ts';

/**
 * A failed API call. `fields` holds the server's field errors; `message` follows spec section 8:
 * field errors when present, else the body's message, else its `error` code.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly fields: Record<string, string[]>;
  readonly code: string | undefined;
  /** How long the server asked us to wait before trying again (Retry-After on 429 and 503). */
  retryAfterMs: number | undefined;

  constructor(status: number, body: ErrorBody | null, fallback = `HTTP ${status}`) {
    const fields = body?.errors ?? {};
    const fieldLines = Object.entries(fields)
      .filter(([, list]) => list.length > 0)
      .map(([field, list]) => `${field}: ${list.join(', ')}`);
    super(fieldLines.length > 0 ? fieldLines.join('\n') : body?.message || body?.error || fallback);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fields = fields;
    this.code = body?.error;
  }

  /** A network failure: the request never got an answer. */
  static offline(cause: unknown): ApiError {
    const error = new ApiError(0, null, 'network_error');
    error.cause = cause;
    return error;
  }

  get isOffline(): boolean {
    return this.status === 0;
  }
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    body = readErrorBody(await response.json());
  } catch {
    // not JSON: keep the status text
  }
  const error = new ApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  error.retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  return error;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';
/** Absent, or strings per field (`errors`, `codes`). */
const isOptionalFieldLists = (value: unknown) =>
  value === undefined || (isObject(value) && Object.values(value).every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string')));
/** Like zod's record: a "__proto__" key (JSON.parse makes it an own property) is left out. */
const withoutProto = (lists: Record<string, string[]>) => Object.fromEntries(Object.entries(lists).filter(([field]) => field !== '__proto__'));

/**
 * An error answer read as `errorBodySchema` (shared/contract/errors.ts) reads it, without zod: the
 * public tracking app shows these errors and does not load zod (api-error.test.ts holds the two
 * to the same answers). Null when the body is not of that shape; unknown keys are left out.
 */
export function readErrorBody(json: unknown): ErrorBody | null {
  if (!isObject(json)) return null;
  const { message, errors, codes, error } = json;
  if (!isOptionalString(message) || !isOptionalString(error) || !isOptionalFieldLists(errors) || !isOptionalFieldLists(codes)) return null;
  const body: ErrorBody = {};
  if (message !== undefined) body.message = message;
  if (errors !== undefined) body.errors = withoutProto(errors as Record<string, string[]>);
  if (codes !== undefined) body.codes = withoutProto(codes as Record<string, string[]>);
  if (error !== undefined) body.error = error;
  return body;
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
