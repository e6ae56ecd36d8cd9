// What other features use of the admin's client management (the only file they import from here).
export { loadAdminClients } from './admin-clients.query.ts';
export { isUniqueViolation } from './unique-violation.ts';
