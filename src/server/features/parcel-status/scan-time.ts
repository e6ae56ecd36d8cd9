// When a scan happened: the time the tablet sent (an offline queue delivers scans late) or now.
// A time far from ours is a wrong device clock or a forgotten queue, not a scan: it is refused
// rather than written into a parcel's tracking history.
import { SCAN_MAX_AGE_DAYS } from '#shared/domain/limits.ts';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { ApiError } from '#server/http-errors.ts';

/** Tablet clocks run a little ahead; more than this is a wrong clock. */
export const SCAN_CLOCK_AHEAD_MS = 5 * 60 * 1000;
const MAX_AGE_MS = SCAN_MAX_AGE_DAYS * 24 * 3600 * 1000;

/** The scan's time (null: the server's now), or 400 with the field error `scanned_at`. */
export function scanTime(scannedAt: string | undefined, now: Date = new Date()): Date | null {
  if (scannedAt === undefined) return null;
  const at = new Date(scannedAt);
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(age) || age < -SCAN_CLOCK_AHEAD_MS || age > MAX_AGE_MS) {
    throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { scanned_at: [serverMessages.scanTooOld.id] } });
  }
  return at;
}
