// What other features use of the admin's pickup addresses (the only file they import from here).
export { loadAdminPickupAddresses } from './admin-pickup-addresses.query.ts';
