import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { AuditAction, AuditEntity } from '#shared/domain/audit.ts';

/** The kinds of record and the actions of audit entries in the app's language (the audit log, a company's history). */
export function useAuditLabels(): { entity: Record<AuditEntity, string>; actionName: Record<AuditAction, string>; actionDone: Record<AuditAction, string> } {
  const { t } = useLingui();
  return useMemo(
    () => ({
      entity: {
        company: t`Company`,
        product: t`Product`,
        bank_account: t`Bank account`,
        pickup_address: t`Pickup address`,
        partner_assignment: t`Preferred partner`,
        client: t`Client`,
        partner: t`Delivery partner`,
        webhook: t`Webhook`,
      },
      actionName: {
        create: t({ message: 'Creation', context: 'audit action' }),
        update: t({ message: 'Change', context: 'audit action' }),
        delete: t({ message: 'Deletion', context: 'audit action' }),
      },
      actionDone: { create: t`created`, update: t`changed`, delete: t`deleted` },
    }),
    [t],
  );
}
