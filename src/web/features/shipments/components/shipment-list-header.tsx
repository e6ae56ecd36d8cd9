import { Trans, useLingui } from '@lingui/react/macro';
import { ShellLink } from '#web/components/layout/shell-link.tsx';
import { useCan } from '#web/lib/session.ts';

/**
 * Title and the page's actions: the guided wizard (primary), the one-page send form, drafts and
 * Import (for roles that create). The two ways to create say how they differ, in the label and in
 * a tooltip.
 */
export function ShipmentListHeader() {
  const { t } = useLingui();
  const canCreate = useCan('shipments.create');
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">
        <Trans>Shipments</Trans>
      </h1>
      {canCreate && (
        <div className="flex flex-wrap gap-2">
          <ShellLink href="/shipment/import" className="btn btn-outline">
            <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" />
            </svg>
            <Trans>Import</Trans>
          </ShellLink>
          <ShellLink href="/shipment/drafts" className="btn btn-ghost">
            <Trans>Drafts</Trans>
          </ShellLink>
          <ShellLink href="/shipment/send" className="btn btn-outline" title={t`Every field on one page: quickest when you know what to fill in.`}>
            <Trans>Quick form</Trans>
          </ShellLink>
          <ShellLink href="/shipment/new" className="btn btn-primary" title={t`Step by step, saved as a draft as you type; works offline.`}>
            <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M12 5v14M5 12h14" />
            </svg>
            <Trans>New shipment (guided)</Trans>
          </ShellLink>
        </div>
      )}
    </div>
  );
}
