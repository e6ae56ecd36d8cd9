// What a tracking lookup shows its caller (README, "What the public sees"): everything to the
// owner, to admins and to whoever gives the destination's postal code; the status (milestone and
// event times) to anyone else. A wrong postal code answers 404 like an unknown number, and wrong
// postal codes are limited per parcel and caller, per caller and per parcel (postcode-attempts.ts).
import type { PublicTrackingView } from '#shared/contract/tracking.ts';
import { samePostalCode } from '#shared/domain/tracking-events.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { CompanyScope } from '#server/company-scope.ts';
import { ApiError } from '#server/http-errors.ts';
import type { PostcodeAttempts } from './postcode-attempts.ts';
import { shipmentNotFound, type TrackedShipment } from './tracking.service.ts';

export interface TrackingCaller {
  /** The signed-in caller's scope; null without a (valid) bearer. */
  scope: CompanyScope | null;
  /** The postal code given, if any, and the query parameter it came in (named in a 429's field error). */
  zip: { value: string; field: string } | undefined;
  /** Who asks, as the wrong postal codes are counted: the address, or the signed-in account. */
  caller: string;
}

const tooManyWrongPostcodes = (seconds: number, field: string) =>
  new ApiError(429, 'too_many_requests', serverMessages.postcodeAttemptsExceeded, {
    fields: { [field]: [serverMessages.postcodeAttemptsExceeded] },
    headers: { 'retry-after': String(seconds) },
  });

export async function trackingView(shipment: TrackedShipment, { scope, zip, caller }: TrackingCaller, attempts: PostcodeAttempts): Promise<PublicTrackingView> {
  // The owner and admins may read the postal code anyway: nothing to guess, nothing counted.
  const owner = scope?.sees(shipment.companyId) ?? false;
  if (!zip) return owner ? 'full' : 'status';
  if (owner) {
    if (!samePostalCode(zip.value, shipment.postalCode)) throw shipmentNotFound();
    return 'full';
  }
  const wait = await attempts.take(shipment.trackingNumber, caller);
  if (wait > 0) throw tooManyWrongPostcodes(wait, zip.field);
  if (!samePostalCode(zip.value, shipment.postalCode)) throw shipmentNotFound();
  await attempts.giveBack(shipment.trackingNumber, caller);
  return 'full';
}
