import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ImportExample } from '#web/features/imports/components/import-example.tsx';
import { ImportForm } from '#web/features/imports/components/import-form.tsx';
import { ImportHistory } from '#web/features/imports/components/import-history.tsx';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { can } from '#shared/domain/roles.ts';
import { useClient } from '#web/lib/session.ts';
import { BackToShipments } from '#web/components/layout/back-to-shipments.tsx';

/** /shipment/import: upload a csv/xlsx file of shipments (with a mapping step when needed) and the import history. */
export const Route = createFileRoute('/_app/shipment/import')({
  component: ImportPage,
});

function ImportPage() {
  const client = useClient();
  if (!client) return null;
  // A role that may not create (REPORTER) gets the 403 page; the server refuses its submissions too.
  if (!can(client.role, 'shipments.create')) return <ErrorPage status={403} />;
  return (
    <div className="flex flex-col gap-4">
      <BackToShipments />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">
          <Trans>Import shipments</Trans>
        </h1>
        <ImportExample />
      </div>
      <ImportForm />
      <ImportHistory isAdmin={client.role === 'ADMIN'} />
    </div>
  );
}
