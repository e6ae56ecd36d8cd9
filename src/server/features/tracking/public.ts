// What other features use of tracking (the only file they import from here): partners' feed keys.
export { insertPartnerKey, partnerKeysOf, revokeKeyOfPartner, type PartnerKeyRow } from './partner-keys.ts';
