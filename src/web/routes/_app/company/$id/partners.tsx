import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { PartnerAssignment } from '#web/features/companies/components/partner-assignment.tsx';
import { useClient } from '#web/lib/session.ts';

// A plain check, not zod: route search validation is part of the app's first load.
function searchSchema(search: Record<string, unknown>): { address?: string | undefined } {
  return typeof search.address === 'string' ? { address: search.address } : {};
}

/** /company/{id}/partners?address={addressId} (admins): the preferred partners of one pickup address. */
export const Route = createFileRoute('/_app/company/$id/partners')({
  validateSearch: searchSchema,
  component: PartnersOfAddressPage,
});

function PartnersOfAddressPage() {
  const client = useClient();
  const { id } = Route.useParams();
  const { address } = Route.useSearch();
  if (!client) return null;
  if (client.role !== 'ADMIN') return <ErrorPage status={403} />;
  return <PartnerAssignment companyId={id} addressId={address ?? null} />;
}
