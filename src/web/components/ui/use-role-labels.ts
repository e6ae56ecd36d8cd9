import { useLingui } from '@lingui/react/macro';
import type { Role } from '#shared/domain/enums.ts';

/** Roles by name with what each may do (shared/domain/roles.ts), for the admin's client screens and the manual's words. */
export function useRoleLabels(): { name: Record<Role, string>; hint: Record<Role, string> } {
  const { t } = useLingui();
  return {
    name: {
      ADMIN: t`Carrier admin`,
      USER: t`Account holder`,
      OFFICER: t`Shipping clerk`,
      REPORTER: t`Reader`,
    },
    hint: {
      ADMIN: t`The carrier's staff: companies, partners, depot scans and the audit log.`,
      USER: t`Sends, cancels and hands over the company's shipments; manages its webhooks.`,
      OFFICER: t`Sends shipments and hands them over; cannot cancel them.`,
      REPORTER: t`Reads shipments, tracking and reports; changes nothing.`,
    },
  };
}
