// Login CSRF: a page on another site can auto-submit a form-encoded POST /oauth/token with its
// own credentials, and the answer's Set-Cookie would replace the victim's refresh cookie
// (SameSite=Strict keeps a cookie from being sent cross-site, not from being set by the answer to
// a top-level navigation). Requests that set or clear the session cookie must therefore come from
// our own pages. A browser says where a request comes from: Sec-Fetch-Site (which no page can
// forge) when it sends it, else Origin. A caller sending neither is no browser page (curl, an
// integration): it keeps working, and no victim's browser is involved.
import type { FastifyRequest } from 'fastify';

/** Sec-Fetch-Site values of our own pages: `same-origin`, or `none` (typed or bookmarked by the user). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * Whether a browser sent this request from a page of another origin (or one it will not name).
 * Sec-Fetch-Site decides when present: it is the browser's own verdict, unaffected by a proxy that
 * rewrites Host. Without it, Origin must name this host; `null` (sandboxed frames, redirects) and
 * anything unreadable count as foreign.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = single(request.headers['sec-fetch-site']);
  if (site !== undefined) return !OWN_FETCH_SITES.has(site.trim().toLowerCase());
  const origin = single(request.headers.origin);
  if (origin === undefined) return false;
  try {
    // Both through URL: a default port (`:443`) and letter case are written alike.
    return new URL(origin).host !== new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return true;
  }
}
