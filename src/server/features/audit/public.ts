// What other features use of the audit log (the only file they import from here).
export { auditLogPage, changedFields, companyHistory, recordAudit } from './audit-log.ts';
