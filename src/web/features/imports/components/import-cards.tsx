import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { useFormat } from '#web/lib/format.ts';
import { ImportDownloadButton } from './import-download-button.tsx';
import { hasImportErrors, ImportErrors, ImportErrorsToggle } from './import-errors.tsx';
import { canGenerateManifest, ImportManifestButton } from './import-manifest-button.tsx';
import { ImportStatusBadge } from './import-status-badge.tsx';
import { ImportCount, ProcessingTime, type ImportRowsProps } from './import-table.tsx';

/** The history on phones and portrait tablets (below xl: with its actions the table needs 1,280 px in German): one card per import with the table's facts. */
export function ImportCards({ rows, isAdmin, expanded, onToggleExpanded, downloading, onDownload, generatingManifest, onGenerateManifest, offline }: ImportRowsProps) {
  const { t } = useLingui();
  const format = useFormat();
  return (
    <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3 xl:hidden" aria-label={t`Import history`}>
      {rows.map((r) => {
        const open = expanded.has(r.id);
        const detailsId = `import-errors-card-${r.id}`;
        return (
          <li key={r.id} className="card bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 truncate font-semibold" title={r.filename}>
                  {r.filename}
                </p>
                <ImportStatusBadge record={r} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                <dt className="text-base-content/60">
                  <Trans>Created at</Trans>
                </dt>
                <dd className="tabular-nums">{format.dateTime(r.created_at)}</dd>
                {isAdmin && (
                  <>
                    <dt className="text-base-content/60">
                      <Trans>Company</Trans>
                    </dt>
                    <dd className="truncate">{r.company_name ?? <EmptyValue />}</dd>
                  </>
                )}
                <dt className="text-base-content/60">
                  <Trans>Total</Trans>
                </dt>
                <dd className="tabular-nums">
                  <ImportCount record={r} value={r.total_shipments} />
                </dd>
                <dt className="text-base-content/60">
                  <Trans>Successful</Trans>
                </dt>
                <dd className="tabular-nums">
                  <ImportCount record={r} value={r.successful_shipments} />
                </dd>
                <dt className="text-base-content/60">
                  <Trans>Failed</Trans>
                </dt>
                <dd className={`tabular-nums ${r.failed_shipments > 0 ? 'font-semibold text-error' : ''}`}>
                  <ImportCount record={r} value={r.failed_shipments} />
                </dd>
                <dt className="text-base-content/60">
                  <Trans>Processing time</Trans>
                </dt>
                <dd className="tabular-nums">
                  <ProcessingTime ms={r.processing_time} />
                </dd>
              </dl>
              {open && <ImportErrors record={r} id={detailsId} />}
              <div className="card-actions items-center justify-end">
                {hasImportErrors(r) && <ImportErrorsToggle record={r} expanded={open} controls={detailsId} onToggle={() => onToggleExpanded(r.id)} />}
                <ImportDownloadButton record={r} busy={downloading === r.id} onDownload={onDownload} offline={offline} />
                {canGenerateManifest(r) && <ImportManifestButton record={r} busy={generatingManifest === r.id} onGenerate={onGenerateManifest} offline={offline} />}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
