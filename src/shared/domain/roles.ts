// What each role may do (spec section 6 leaves OFFICER and REPORTER open; README decision note
// "Roles"). The server enforces it per endpoint (the endpoint table's `permission`), the web app
// hides what a role cannot do. Reading is every role's; the rows read are always the caller's
// company's, every company's for ADMIN.
import type { Role } from './enums.ts';

/** Roles an admin may give a client: never ADMIN (admins belong to the carrier). */
export const CLIENT_ROLES = ['USER', 'OFFICER', 'REPORTER'] as const satisfies readonly Role[];
export type ClientRole = (typeof CLIENT_ROLES)[number];

export const PERMISSIONS = {
  /** Send form, wizard, imports. */
  'shipments.create': ['USER', 'OFFICER', 'ADMIN'],
  /** Cancelling a CREATED shipment: the account holder's decision, not the clerk's. */
  'shipments.delete': ['USER', 'ADMIN'],
  /** Closing a hand-over: moves shipments to MANIFESTED. */
  'manifests.create': ['USER', 'OFFICER', 'ADMIN'],
  /** Webhook endpoints (register, delete, test, rotate, their delivery log): not REPORTER, which only reads shipments. */
  'webhooks.manage': ['USER', 'OFFICER', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
