import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { AuditEntity } from '#shared/domain/audit.ts';
import { AuditChanges } from '#web/components/ui/audit-changes.tsx';
import { ListError, useListTexts } from '#web/components/ui/list-states.tsx';
import { useAuditLabels } from '#web/components/ui/use-audit-labels.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useCompany } from '../api/get-company.ts';
import { useCompanyHistory } from '../api/get-company-history.ts';

/** The company's audit entries: when, who, which record, the action and each changed field before → after; "More" pages. */
export function CompanyHistory({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const history = useCompanyHistory(companyId);
  const { errorText } = useListTexts();
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const labels = useAuditLabels();
  // Ids in the entries (a pickup address's users, a client's addresses) by the names the page shows.
  const { data: company } = useCompany(companyId);
  const names = useMemo(
    () => ({
      client: new Map(company.clients.map((c) => [c.id, `${c.name} (${c.clientId})`])),
      pickupAddress: new Map(company.pickupAddresses.map((a) => [a.id, `${a.street}, ${a.zip} ${a.city}`])),
    }),
    [company],
  );

  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-2">
      <h2 id="history-title" className="text-lg font-semibold">
        <Trans>History</Trans>
      </h2>
      {history.isPending && (
        <div role="status" aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">{t`Loading history`}</span>
          <div className="skeleton h-12 w-full" aria-hidden="true" />
          <div className="skeleton h-12 w-full" aria-hidden="true" />
        </div>
      )}
      {history.isError && !history.data && <ListError text={errorText(history.error)} onRetry={() => void history.refetch()} />}
      {history.isSuccess && entries.length === 0 && (
        <p className="text-sm text-base-content/70">
          <Trans>No changes recorded yet.</Trans>
        </p>
      )}
      {entries.length > 0 && (
        <ol className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 p-3 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <time dateTime={entry.at} className="font-mono text-xs">
                  {formatDateTime(entry.at)}
                </time>
                <span className="font-semibold">{entry.actor ?? t`System`}</span>
                <span>{labels.actionDone[entry.action]}</span>
                <span className="badge badge-ghost badge-sm">{labels.entity[entry.entity as AuditEntity] ?? entry.entity}</span>
                <code className="text-xs break-all text-base-content/70">{entry.entityId}</code>
              </div>
              <AuditChanges entry={entry} names={names} className="ps-2" />
            </li>
          ))}
        </ol>
      )}
      {history.isFetchNextPageError && <ListError text={errorText(history.error)} />}
      {history.hasNextPage && (
        <div className="flex justify-center">
          <button type="button" className="btn btn-sm btn-wide" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} aria-busy={history.isFetchingNextPage}>
            {history.isFetchingNextPage && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            <Trans>More</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
