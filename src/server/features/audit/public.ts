// What other features use of the audit log (the only file they import from here).
export { changedFields, companyHistory, recordAudit } from './audit-log.ts';
