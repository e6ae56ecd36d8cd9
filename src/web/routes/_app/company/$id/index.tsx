import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../../../../components/layout/error-page.tsx';
import { companyQueryOptions } from '../../../../features/companies/api/get-company.ts';
import { CompanyDetailError } from '../../../../features/companies/components/company-detail-error.tsx';
import { CompanyDetailSkeleton } from '../../../../features/companies/components/company-detail-skeleton.tsx';
import { CompanyDetail } from '../../../../features/companies/components/company-detail.tsx';
import { useClient } from '../../../../lib/session.ts';
import { currentClient } from '../../../../lib/token-store.ts';

/** /company/{id} (admins): the id in the URL is the source of truth, so reloads and shared links work. */
export const Route = createFileRoute('/_app/company/$id/')({
  loader: ({ context, params }) => (currentClient()?.role === 'ADMIN' ? context.queryClient.ensureQueryData(companyQueryOptions(params.id)) : undefined),
  pendingComponent: CompanyDetailSkeleton,
  errorComponent: ({ error }) => <CompanyDetailError error={error} />,
  component: CompanyDetailPage,
});

function CompanyDetailPage() {
  const client = useClient();
  const { id } = Route.useParams();
  if (!client) return null;
  if (client.role !== 'ADMIN') return <ErrorPage status={403} />;
  return <CompanyDetail id={id} />;
}
