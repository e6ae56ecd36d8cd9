import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { AuditLog } from '#web/features/audit/components/audit-log.tsx';
import { compactAuditSearch, validateAuditSearch, type AuditLogSearch } from '#web/features/audit/components/audit-log-search.ts';
import { useClient } from '#web/lib/session.ts';

/** /audit (admins): the audit log; the filters live in the URL so reloads and shared links keep them. */
export const Route = createFileRoute('/_app/audit')({
  validateSearch: validateAuditSearch,
  component: AuditPage,
});

function AuditPage() {
  const client = useClient();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onChange = useCallback(
    (patch: Partial<AuditLogSearch>) => void navigate({ search: (prev) => compactAuditSearch({ ...prev, ...patch }), replace: true }),
    [navigate],
  );
  const onReset = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  if (!client) return null;
  if (client.role !== 'ADMIN') return <ErrorPage status={403} />;
  return <AuditLog search={search} onChange={onChange} onReset={onReset} />;
}
