// The audit log's vocabulary (no zod: the web app's audit route reads it at its first load).

/** The kinds of record an entry names (`entity`). */
export const AUDIT_ENTITIES = ['company', 'product', 'bank_account', 'pickup_address', 'partner_assignment', 'client', 'partner', 'webhook'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** The company filter's value for the entries filed under no company (the carrier's network). */
export const AUDIT_NO_COMPANY = 'none';
