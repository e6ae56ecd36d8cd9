// What other features use of tracking (the only file they import from here): partners' feed keys,
// and the call every writer of what a tracking lookup shows makes in its transaction.
export { insertPartnerKey, partnerKeysOf, revokeKeyOfPartner, type PartnerKeyRow } from './partner-keys.ts';
export { trackingChanged } from './tracking-changes.ts';
export { advanceTrackingStatus, type RecordedEvent, type TrackingStatusChange } from './tracking-status.ts';
