import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ErrorPage } from '../../../../components/layout/error-page.tsx';
import { PartnerAssignment } from '../../../../features/companies/components/partner-assignment.tsx';
import { useClient } from '../../../../lib/session.ts';

const searchSchema = z.object({ address: z.optional(z.catch(z.optional(z.string()), undefined)) });

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
