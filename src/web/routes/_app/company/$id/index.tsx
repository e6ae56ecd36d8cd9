import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { companyQueryOptions } from '#web/features/companies/api/get-company.ts';
import { CompanyDetailError } from '#web/features/companies/components/company-detail-error.tsx';
import { CompanyDetailSkeleton } from '#web/features/companies/components/company-detail-skeleton.tsx';
import { CompanyDetail } from '#web/features/companies/components/company-detail.tsx';
import { useClient } from '#web/lib/session.ts';
import { currentClient } from '#web/lib/token-store.ts';

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
