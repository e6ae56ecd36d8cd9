// Per-company budgets on the API's writes and heavy reads (issue 29 item 6, README "Rate limits").
// Each is far above what a shop's integration or a busy office sends (a parcel a second all day
// long is 60 a minute) and far below what a runaway loop does (thousands a second), so that one
// company's script never takes the server from the others. Counted per company, whoever of its
// accounts calls, over every instance (db/limit-counters.ts); announced on every answer of the
// route with the IETF RateLimit-Policy and RateLimit headers; over it: 429 with Retry-After.

import { PUBLIC_TRACKING_PER_MINUTE } from './limits.ts';

export interface RateLimitPolicy {
  /** Requests a company may send within the window. */
  quota: number;
  /** The window in seconds, from the company's first request in it. */
  windowSeconds: number;
}

export const COMPANY_RATE_LIMITS = {
  /** Creating and deleting shipments (form, wizard, bulk delete): 50 a second for a whole minute. */
  shipment_writes: { quota: 3000, windowSeconds: 60 },
  /** One shipment's label: a shop that fetches each label after its create keeps pace with the creates. */
  labels: { quota: 3000, windowSeconds: 60 },
  /** Bulk label PDFs (up to 1,000 labels each). */
  bulk_labels: { quota: 60, windowSeconds: 60 },
  /** Import uploads: previews and starts (up to 100,000 rows each). */
  imports: { quota: 60, windowSeconds: 60 },
  /** Manifests generated and downloaded. */
  manifests: { quota: 300, windowSeconds: 60 },
  /** Shipment reports (besides 10 a minute per account). */
  reports: { quota: 60, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitPolicy>;

export type CompanyRateLimit = keyof typeof COMPANY_RATE_LIMITS;

/** Shipment reports one account may ask for per minute (besides the company's `reports`). */
export const REPORTS_PER_ACCOUNT_PER_MINUTE = 10;

/** Tracking lookups per minute of one signed-in account (the public ones count per address: PUBLIC_TRACKING_PER_MINUTE). */
export const SIGNED_IN_TRACKING_PER_MINUTE = 20 * PUBLIC_TRACKING_PER_MINUTE;
