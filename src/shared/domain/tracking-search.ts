// The tracking pages' search params (`?tracking_number=&zip=`), read the same way by the router's
// routes, by the light public app (which has no router and no zod) and by the server when it
// renders the public page: a value that does not fit
// (an old link, a hand-edited URL) is dropped rather than failing the page.
import { TRACKING_NUMBER_MAX } from './limits.ts';

export interface TrackingSearch {
  tracking_number?: string;
  zip?: string;
}

/** The contract's limit for a postal code in a tracking lookup. */
export const TRACKING_ZIP_MAX = 12;

/** As printed on labels ("CP 123 456 785 SK") or typed in lower case: no spaces, upper case. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

// The router reads `?zip=81101` as a number: accept both.
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value : undefined;
}

/** Validates raw search params (the router's `validateSearch`, or the URL's params). */
export function parseTrackingSearch(raw: Record<string, unknown>): TrackingSearch {
  const search: TrackingSearch = {};
  const trackingNumber = normalizeTrackingNumber(text(raw.tracking_number) ?? '');
  if (trackingNumber && trackingNumber.length <= TRACKING_NUMBER_MAX) search.tracking_number = trackingNumber;
  const zip = text(raw.zip)?.trim();
  if (zip && zip.length <= TRACKING_ZIP_MAX) search.zip = zip;
  return search;
}

/**
 * The search of a URL's query string (`location.search`). The router writes a value made of digits
 * in JSON quotes (`?zip=%2281101%22`), so a link copied from the full app reads the same here.
 */
export function trackingSearchFromQueryString(query: string): TrackingSearch {
  const raw: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) raw[key] = /^"[^"]*"$/.test(value) ? value.slice(1, -1) : value;
  return parseTrackingSearch(raw);
}

/** `?tracking_number=…&zip=…` without empty values ('' when there is nothing). */
export function trackingSearchToQueryString(search: TrackingSearch): string {
  const params = new URLSearchParams();
  if (search.tracking_number) params.set('tracking_number', search.tracking_number);
  if (search.zip) params.set('zip', search.zip);
  const query = params.toString();
  return query ? `?${query}` : '';
}
