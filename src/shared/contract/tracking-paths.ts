// The public tracking endpoints' addresses, apart from their schemas (tracking.ts builds the
// endpoints from them): the light public tracking app calls them without loading zod.

/** GET: where to track a parcel (with a bearer, for the owner, its events too). */
export const TRACK_PATH = '/api/v1/shipments/track';
/** GET: the public tracking page's timeline. */
export const PUBLIC_TRACKING_PATH = '/api/v1/tracking/:tracking_number';
