// Messages only the server raises (request, sign-in, import, label and manifest refusals, the
// tracking events' descriptions): the web app shows them by id from its catalogs, so they are kept
// out of messages.ts, which the web app's first load carries. Looked up by id through find-message.
import type { MessageDescriptor } from './messages.ts';

export const serverMessages = {
  pickupPointUnavailable: /*i18n*/ { id: 'shipment.pickup_point.unavailable', message: 'This pickup point is not available' },
  noPartner: /*i18n*/ { id: 'shipment.partner.none', message: 'No delivery partner serves this country, product and delivery method' },
  notDeletable: /*i18n*/ { id: 'shipment.delete.not_deletable', message: 'Only shipments in status CREATED can be deleted: {items}' },
  idempotencyMismatch: /*i18n*/ { id: 'error.idempotency_mismatch', message: 'This request was already sent with different content.' },
  idempotencyInProgress: /*i18n*/ { id: 'error.idempotency_in_progress', message: 'This request is still being processed. Try again in a moment.' },
  shipmentCreated: /*i18n*/ { id: 'shipment.created', message: 'Shipment created' },
  dimensionsNotFound: /*i18n*/ { id: 'shipment.dimensions.not_found', message: 'Dimensions not found. Please contact support' },
  importTypeMismatch: /*i18n*/ { id: 'import.type.mismatch', message: 'The file content does not match its extension.' },
  importTooManyRows: /*i18n*/ { id: 'import.file.too_many_rows', message: 'The file has more than 100,000 rows.' },
  importZipBomb: /*i18n*/ { id: 'import.file.expands_too_far', message: 'The spreadsheet expands too far to be read safely.' },
  importStarted: /*i18n*/ { id: 'import.started', message: 'The import has started. Its result appears in the list below.' },
  importInterrupted: /*i18n*/ { id: 'import.interrupted', message: 'The import was interrupted and could not be finished.' },
  importResultStatus: /*i18n*/ { id: 'import.result.status', message: 'Status' },
  importResultCreated: /*i18n*/ { id: 'import.result.created', message: 'Created' },
  importResultFailed: /*i18n*/ { id: 'import.result.failed', message: 'Failed' },
  importResultError: /*i18n*/ { id: 'import.result.error', message: 'Error' },
  importNotFinished: /*i18n*/ { id: 'import.not_finished', message: 'The import is still running: its result file is not ready yet.' },
  labelsRefused: /*i18n*/ { id: 'shipment.labels.error', message: 'These shipments have no label to print: {items}' },
  labelDeleted: /*i18n*/ { id: 'shipment.label.deleted', message: 'A deleted shipment has no label.' },
  manifestNothingToHandOver: /*i18n*/ { id: 'manifest.nothing', message: 'There are no shipments in status CREATED to put on a manifest.' },
  manifestRefused: /*i18n*/ { id: 'manifest.refused', message: 'Only shipments in status CREATED can go on a manifest: {items}' },
  manifestPickupInvalid: /*i18n*/ { id: 'manifest.pickup.invalid', message: 'Choose one of your company’s pickup addresses.' },
  trackingEventCreated: /*i18n*/ { id: 'tracking.event.CREATED', message: 'Shipment created, label ready' },
  trackingEventDeleted: /*i18n*/ { id: 'tracking.event.DELETED', message: 'Shipment cancelled by the sender' },
  trackingEventManifested: /*i18n*/ { id: 'tracking.event.MANIFESTED', message: 'Handed over to the carrier (manifest)' },
  trackingEventArrived: /*i18n*/ { id: 'tracking.event.ARRIVED', message: 'Arrived at the depot' },
  trackingEventSent: /*i18n*/ { id: 'tracking.event.SENT', message: 'Handed to the delivery partner' },
  trackingEventInTransit: /*i18n*/ { id: 'tracking.event.IN_TRANSIT', message: 'In transit' },
  trackingEventAtPickupPoint: /*i18n*/ { id: 'tracking.event.AT_PICKUP_POINT', message: 'Ready for collection at the pickup point' },
  trackingEventOutForDelivery: /*i18n*/ { id: 'tracking.event.OUT_FOR_DELIVERY', message: 'Out for delivery' },
  trackingEventDeliveryFailed: /*i18n*/ { id: 'tracking.event.DELIVERY_FAILED', message: 'Delivery attempt failed' },
  trackingEventDelivered: /*i18n*/ { id: 'tracking.event.DELIVERED', message: 'Delivered' },
  trackingEventReturned: /*i18n*/ { id: 'tracking.event.RETURNED', message: 'Returned to the sender' },
  shipmentNotFound: /*i18n*/ { id: 'tracking.not_found', message: 'Shipment not found' },
  partnerSignatureInvalid: /*i18n*/ { id: 'partner.signature.invalid', message: 'The request signature is missing, wrong or too old.' },
  partnerRequestReplayed: /*i18n*/ { id: 'partner.signature.replayed', message: 'This signed request was already received.' },
  scanTooOld: /*i18n*/ { id: 'scan.scanned_at.invalid', message: 'The scan time is too far from now. Check the device clock.' },
  parcelStatusTooMany: /*i18n*/ { id: 'scan.export.too_many', message: 'Too many parcels for one file: choose a shorter period' },
  malformedBody: /*i18n*/ { id: 'error.malformed_body', message: 'The request body could not be read.' },
  bodyTooLarge: /*i18n*/ { id: 'error.body_too_large', message: 'The request is too large.' },
  unsupportedMediaType: /*i18n*/ { id: 'error.unsupported_media_type', message: 'This content type is not supported.' },
  invalidClient: /*i18n*/ { id: 'error.invalid_client', message: 'Wrong client ID or secret.' },
  invalidGrant: /*i18n*/ { id: 'error.invalid_grant', message: 'Your session has ended. Please sign in again.' },
  unsupportedGrantType: /*i18n*/ { id: 'error.unsupported_grant_type', message: 'This grant type is not supported.' },
  tooManyAttempts: /*i18n*/ { id: 'error.too_many_attempts', message: 'Too many failed attempts. Try again in {seconds} seconds.' },
  tooManyRequests: /*i18n*/ { id: 'error.too_many_requests', message: 'Too many requests. Try again later.' },
  notFound: /*i18n*/ { id: 'error.not_found', message: 'Not found.' },
  internal: /*i18n*/ { id: 'error.internal', message: 'Something went wrong on our side. Please try again later.' },
  // helper "tracking" (issue 18): a parcel's postal-code limit and the partner feed's location rule.
  postcodeAttemptsExceeded: /*i18n*/ { id: 'tracking.zip.too_many_attempts', message: 'Too many wrong postal codes for this parcel. Try again later, or track it without the postal code.' },
  partnerLocationNotAPlace: /*i18n*/ {
    id: 'partner.location.not_a_place',
    message: 'A location must be a place (a depot or a town, at most 60 characters): no names with addresses, phone numbers, e-mail or web addresses, or markup.',
  },
  // helper "auth" (issue 18): a sign-in sent from another website's page (login CSRF).
  crossSiteSignIn: /*i18n*/ { id: 'error.cross_site_sign_in', message: 'For your security, please sign in on the portal’s own sign-in page.' },
  // helper "cluster" (issue 20): the readiness answer of an instance that is shutting down.
  serverDraining: /*i18n*/ { id: 'error.unavailable.draining', message: 'This server is restarting. Please try again in a moment.' },
  // A transaction PostgreSQL aborted for a conflict with a concurrent one (a deadlock): sent again, it succeeds.
  concurrentConflict: /*i18n*/ { id: 'error.unavailable.conflict', message: 'Another change to the same records came at the same moment. Please try again.' },
  // helper "retention" (issue 20): an import's result file after its upload was deleted (jobs/retention.ts).
  importFileGone: /*i18n*/ { id: 'import.file_gone', message: 'The import’s file is no longer kept: result files can be downloaded for {days} days after an import.' },
} as const satisfies Record<string, MessageDescriptor>;
