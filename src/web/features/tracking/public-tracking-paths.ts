// The addresses of the public tracking pages. main.tsx reads them before anything else loads (so
// this file imports nothing) and serves them with the light public app; the router has the same
// routes for navigation inside the full app.

export const PACKAGE_TRACKING_PATH = '/package/tracking';
const TRACK_REDIRECT_PREFIX = '/shipment/track/';

export type PublicTrackingPage = { page: 'package-tracking' } | { page: 'track-redirect'; trackingNumber: string };

/** Which public tracking page a path is, or null for every other address. */
export function publicTrackingPageOf(pathname: string): PublicTrackingPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === PACKAGE_TRACKING_PATH) return { page: 'package-tracking' };
  if (!path.startsWith(TRACK_REDIRECT_PREFIX)) return null;
  const segment = path.slice(TRACK_REDIRECT_PREFIX.length);
  if (!segment || segment.includes('/')) return null;
  try {
    return { page: 'track-redirect', trackingNumber: decodeURIComponent(segment) };
  } catch {
    return null;
  }
}

export function isPublicTrackingPath(pathname: string): boolean {
  return publicTrackingPageOf(pathname) !== null;
}
