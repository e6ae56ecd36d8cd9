import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ShellLink } from '#web/components/layout/shell-link.tsx';
import { DraftsList } from '#web/features/shipments/wizard/drafts-list.tsx';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { can } from '#shared/domain/roles.ts';
import { useClient } from '#web/lib/session.ts';

/** /shipment/drafts: the wizard drafts kept in this browser for the signed-in client. */
export const Route = createFileRoute('/_app/shipment/drafts')({
  component: DraftsPage,
});

function DraftsPage() {
  const client = useClient();
  if (!client) return null;
  // A role that may not create (REPORTER) gets the 403 page; the server refuses its submissions too.
  if (!can(client.role, 'shipments.create')) return <ErrorPage status={403} />;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">
          <Trans>Drafts</Trans>
        </h1>
        <ShellLink href="/shipment/new" className="btn btn-primary">
          <Trans>New shipment</Trans>
        </ShellLink>
      </div>
      <DraftsList client={client} />
    </div>
  );
}
