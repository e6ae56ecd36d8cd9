import { Plural, useLingui } from '@lingui/react/macro';
import type { ImportRecord, ImportStatus } from '#shared/contract/imports.ts';

const BADGE_CLASS: Record<ImportStatus, string> = {
  PROCESSING: 'badge-info',
  COMPLETED: 'badge-success',
  FAILED: 'badge-error',
};

export function useImportStatusLabels(): Record<ImportStatus, string> {
  const { t } = useLingui();
  return { PROCESSING: t`Processing`, COMPLETED: t`Completed`, FAILED: t`Failed` };
}

/** A finished import with rows that could not be created: not a plain green success. */
export const completedWithErrors = (record: Pick<ImportRecord, 'status' | 'failed_shipments'>) => record.status === 'COMPLETED' && record.failed_shipments > 0;

/**
 * An import's status as a badge that carries its text; a finished import with failed rows says
 * how many in the warning colour ("Completed with 2 errors"); while it runs, a progress bar of
 * the rows done (indeterminate until the job has counted the file's rows).
 */
export function ImportStatusBadge({ record }: { record: Pick<ImportRecord, 'status' | 'progress' | 'total_shipments' | 'failed_shipments'> }) {
  const { t } = useLingui();
  const labels = useImportStatusLabels();
  const { status, progress, total_shipments: total, failed_shipments: failed } = record;
  const warning = completedWithErrors(record);
  return (
    <div className="flex min-w-28 flex-col gap-1">
      <span className={`badge h-auto min-h-5 w-fit py-0.5 ${warning ? 'badge-warning' : BADGE_CLASS[status]}`} data-status={status} data-failed={warning ? failed : undefined}>
        {warning ? <Plural value={failed} one="Completed with # error" other="Completed with # errors" /> : labels[status]}
      </span>
      {status === 'PROCESSING' &&
        (total > 0 ? (
          <progress className="progress progress-info w-28" value={Math.min(progress, total)} max={total} aria-label={t`${progress} of ${total} rows done`} />
        ) : (
          <progress className="progress progress-info w-28" aria-label={t`Reading the file…`} />
        ))}
    </div>
  );
}
