import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { useFormat } from '#web/lib/format.ts';
import { ImportDownloadButton } from './import-download-button.tsx';
import { hasImportErrors, ImportErrors, ImportErrorsToggle } from './import-errors.tsx';
import { canGenerateManifest, ImportManifestButton } from './import-manifest-button.tsx';
import { ImportStatusBadge } from './import-status-badge.tsx';

export interface ImportRowsProps {
  rows: ImportRecord[];
  isAdmin: boolean;
  expanded: ReadonlySet<string>;
  onToggleExpanded: (id: string) => void;
  /** The import whose result file is being fetched. */
  downloading: string | null;
  onDownload: (record: ImportRecord) => void;
  /** The import whose manifest is being made. */
  generatingManifest: string | null;
  onGenerateManifest: (record: ImportRecord) => void;
  /** The history is the copy kept offline: its files and manifests need the connection. */
  offline: boolean;
}

/** Stored in ms, shown in seconds ("1.8 s"); absent while the import runs. */
export function ProcessingTime({ ms }: { ms: number | null }) {
  const { t } = useLingui();
  const format = useFormat();
  if (ms === null) return <EmptyValue />;
  const seconds = format.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return <>{t`${seconds} s`}</>;
}

/** A count, or a dash while the job has not counted the file's rows yet. */
export function ImportCount({ record, value }: { record: ImportRecord; value: number }) {
  const format = useFormat();
  return record.status === 'PROCESSING' && record.total_shipments === 0 ? <EmptyValue /> : <>{format.number(value)}</>;
}

/** The dense desktop history (sm and up); phones get ImportCards. A row with errors opens below itself. */
export function ImportTable({ rows, isAdmin, expanded, onToggleExpanded, downloading, onDownload, generatingManifest, onGenerateManifest, offline }: ImportRowsProps) {
  const format = useFormat();
  const columns = isAdmin ? 9 : 8;
  return (
    // Focusable: offline its buttons are disabled, and a region that scrolls sideways (Slovak and
    // German labels below 1280 px) must still be reachable by keyboard (axe scrollable-region-focusable).
    <div className="hidden overflow-x-auto rounded-box bg-base-100 shadow-sm xl:block" role="region" aria-labelledby="import-history" tabIndex={0}>
      <table className="table table-sm">
        <caption className="sr-only">
          <Trans>Import history</Trans>
        </caption>
        <thead>
          <tr>
            <th>
              <Trans>Created at</Trans>
            </th>
            {isAdmin && (
              <th>
                <Trans>Company</Trans>
              </th>
            )}
            <th>
              <Trans>File name</Trans>
            </th>
            <th>
              <Trans>Status</Trans>
            </th>
            <th className="text-right">
              <Trans>Total</Trans>
            </th>
            <th className="text-right">
              <Trans>Successful</Trans>
            </th>
            <th className="text-right">
              <Trans>Failed</Trans>
            </th>
            <th className="text-right">
              <Trans>Processing time</Trans>
            </th>
            <th>
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const open = expanded.has(r.id);
            const detailsId = `import-errors-row-${r.id}`;
            return (
              <Fragment key={r.id}>
                <tr className={open ? 'bg-base-200/60' : 'hover:bg-base-200/60'}>
                  <td className="whitespace-nowrap tabular-nums">{format.dateTime(r.created_at)}</td>
                  {isAdmin && (
                    <td className="max-w-36 truncate" title={r.company_name}>
                      {r.company_name ?? <EmptyValue />}
                    </td>
                  )}
                  <td className="max-w-48 truncate font-medium" title={r.filename}>
                    {r.filename}
                  </td>
                  <td>
                    <ImportStatusBadge record={r} />
                  </td>
                  <td className="text-right tabular-nums">
                    <ImportCount record={r} value={r.total_shipments} />
                  </td>
                  <td className="text-right tabular-nums">
                    <ImportCount record={r} value={r.successful_shipments} />
                  </td>
                  <td className={`text-right tabular-nums ${r.failed_shipments > 0 ? 'font-semibold text-error' : ''}`}>
                    <ImportCount record={r} value={r.failed_shipments} />
                  </td>
                  <td className="text-right whitespace-nowrap tabular-nums">
                    <ProcessingTime ms={r.processing_time} />
                  </td>
                  <td>
                    {/* The actions wrap rather than push the table past its card (German labels are long). */}
                    <div className="flex flex-wrap items-center justify-end gap-1">
                      {hasImportErrors(r) && <ImportErrorsToggle record={r} expanded={open} controls={detailsId} onToggle={() => onToggleExpanded(r.id)} />}
                      <ImportDownloadButton record={r} busy={downloading === r.id} onDownload={onDownload} offline={offline} />
                      {canGenerateManifest(r) && <ImportManifestButton record={r} busy={generatingManifest === r.id} onGenerate={onGenerateManifest} offline={offline} />}
                    </div>
                  </td>
                </tr>
                {open && (
                  <tr className="bg-base-200/60">
                    <td colSpan={columns} className="pt-0">
                      <ImportErrors record={r} id={detailsId} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
