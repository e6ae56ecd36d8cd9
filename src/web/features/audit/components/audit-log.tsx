import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { AuditLogEntry } from '#shared/contract/admin-audit.ts';
import type { AuditEntity } from '#shared/domain/audit.ts';
import { AuditChanges } from '#web/components/ui/audit-changes.tsx';
import { ListEmpty, ListError, ListFooter, ListOfflineNotice, useListTexts } from '#web/components/ui/list-states.tsx';
import { TableSkeleton } from '#web/components/ui/table-skeleton.tsx';
import { formatDateTime, formatNumber } from '#web/lib/format.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { AuditFilters } from './audit-filters.tsx';
import { compactAuditSearch, filtersFromAuditSearch, type AuditLogSearch } from './audit-log-search.ts';
import { useAuditLabels } from '#web/components/ui/use-audit-labels.ts';

const LOG_ICON = 'M9 12h3.75M9 15h3.75M9 18h3.75m3 .75H18a2.25 2.25 0 002.25-2.25V6.108c0-1.135-.845-2.098-1.976-2.192a48.424 48.424 0 00-1.123-.08m-5.801 0c-.065.21-.1.433-.1.664 0 .414.336.75.75.75h4.5a.75.75 0 00.75-.75 2.25 2.25 0 00-.1-.664m-5.8 0A2.251 2.251 0 0113.5 2.25H15c1.012 0 1.867.668 2.15 1.586m-5.8 0c-.376.023-.75.05-1.124.08C9.095 4.01 8.25 4.973 8.25 6.108V8.25m0 0H4.875c-.621 0-1.125.504-1.125 1.125v11.25c0 .621.504 1.125 1.125 1.125h9.75c.621 0 1.125-.504 1.125-1.125V9.375c0-.621-.504-1.125-1.125-1.125H8.25z';

/** /audit (admins): every recorded change, newest first, with the filters in the URL. */
export function AuditLog({ search, onChange, onReset }: { search: AuditLogSearch; onChange: (patch: Partial<AuditLogSearch>) => void; onReset: () => void }) {
  const { t, i18n } = useLingui();
  const log = useAuditLog(filtersFromAuditSearch(search));
  const { offlineText, errorText } = useListTexts();
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const total = log.data?.pages.at(-1)?.count ?? 0;
  const filtered = Object.keys(compactAuditSearch(search)).length > 0;
  const offline = log.isPending && log.isPaused;

  return (
    <section className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">
          <Trans>Audit log</Trans>
        </h1>
        <p className="text-sm text-base-content/70">
          <Trans>Every recorded change: who made it, when, to which record, and the fields before and after. Secrets are never recorded.</Trans>
        </p>
      </header>
      <AuditFilters search={search} onChange={onChange} onReset={onReset} />
      {offline && <ListOfflineNotice text={offlineText} />}
      {log.isPending && <TableSkeleton label={t`Loading the audit log`} columns={6} rows={8} cards={4} tableFrom="lg" />}
      {log.isError && !log.data && <ListError text={errorText(log.error)} onRetry={() => void log.refetch()} />}
      {log.isSuccess && entries.length === 0 && (
        <ListEmpty iconPath={LOG_ICON} title={filtered ? t`No change matches these filters.` : t`No changes recorded yet.`}>
          {filtered && (
            <button type="button" className="btn btn-sm" onClick={onReset}>
              <Trans>Reset filters</Trans>
            </button>
          )}
        </ListEmpty>
      )}
      {entries.length > 0 && (
        <>
          <AuditTable entries={entries} />
          <AuditCards entries={entries} />
          <ListFooter
            loadedText={formatNumber(entries.length, i18n.locale)}
            totalText={formatNumber(total, i18n.locale)}
            nextPageError={log.isFetchNextPageError ? errorText(log.error) : null}
            hasNextPage={log.hasNextPage}
            fetchingNextPage={log.isFetchingNextPage}
            onMore={() => void log.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

function useEntryTexts() {
  const { t } = useLingui();
  const labels = useAuditLabels();
  return {
    who: (entry: AuditLogEntry) => entry.actor ?? t`System`,
    record: (entry: AuditLogEntry) => labels.entity[entry.entity as AuditEntity] ?? entry.entity,
    action: (entry: AuditLogEntry) => labels.actionDone[entry.action],
    noCompany: t`Delivery network`,
  };
}

function CompanyCell({ entry, noCompany }: { entry: AuditLogEntry; noCompany: string }) {
  if (!entry.companyId) return <span className="text-base-content/70">{noCompany}</span>;
  if (!entry.companyName) return <code className="text-xs break-all">{entry.companyId}</code>;
  return (
    <Link to="/company/$id" params={{ id: entry.companyId }} className="link link-primary">
      {entry.companyName}
    </Link>
  );
}

function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  const texts = useEntryTexts();
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 shadow-sm lg:block">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>When</Trans>
            </th>
            <th scope="col">
              <Trans>Changed by</Trans>
            </th>
            <th scope="col">
              <Trans>Company</Trans>
            </th>
            <th scope="col">
              <Trans>Record</Trans>
            </th>
            <th scope="col">
              <Trans>Action</Trans>
            </th>
            <th scope="col">
              <Trans>Changes</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="[&>td]:align-top">
              <td className="whitespace-nowrap">
                <time dateTime={entry.at} className="font-mono text-xs">
                  {formatDateTime(entry.at)}
                </time>
              </td>
              <td>
                <div className="font-medium">{texts.who(entry)}</div>
                {entry.actorLogin && <div className="font-mono text-xs text-base-content/70">{entry.actorLogin}</div>}
              </td>
              <td>
                <CompanyCell entry={entry} noCompany={texts.noCompany} />
              </td>
              <td>
                <div>{texts.record(entry)}</div>
                <code className="text-xs break-all text-base-content/70">{entry.entityId}</code>
              </td>
              <td>{texts.action(entry)}</td>
              <td className="max-w-md">
                <AuditChanges entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditCards({ entries }: { entries: AuditLogEntry[] }) {
  const texts = useEntryTexts();
  return (
    <ol className="flex flex-col gap-2 lg:hidden">
      {entries.map((entry) => (
        <li key={entry.id} className="card bg-base-100 shadow-sm">
          <div className="card-body gap-1 p-4 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <time dateTime={entry.at} className="font-mono text-xs">
                {formatDateTime(entry.at)}
              </time>
              <span className="font-semibold">{texts.who(entry)}</span>
              {entry.actorLogin && <span className="font-mono text-xs text-base-content/70">{entry.actorLogin}</span>}
            </div>
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span>{texts.action(entry)}</span>
              <span className="badge badge-ghost badge-sm">{texts.record(entry)}</span>
              <code className="text-xs break-all text-base-content/70">{entry.entityId}</code>
            </div>
            <div>
              <CompanyCell entry={entry} noCompany={texts.noCompany} />
            </div>
            <AuditChanges entry={entry} />
          </div>
        </li>
      ))}
    </ol>
  );
}
