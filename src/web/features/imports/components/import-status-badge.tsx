import { useLingui } from '@lingui/react/macro';
import type { ImportRecord, ImportStatus } from '../../../../shared/contract/imports.ts';

const BADGE_CLASS: Record<ImportStatus, string> = {
  PROCESSING: 'badge-info',
  COMPLETED: 'badge-success',
  FAILED: 'badge-error',
};

export function useImportStatusLabels(): Record<ImportStatus, string> {
  const { t } = useLingui();
  return { PROCESSING: t`Processing`, COMPLETED: t`Completed`, FAILED: t`Failed` };
}

/**
 * An import's status as a badge that carries its text; while it runs, a progress bar of the rows
 * done (indeterminate until the job has counted the file's rows).
 */
export function ImportStatusBadge({ record }: { record: Pick<ImportRecord, 'status' | 'progress' | 'total_shipments'> }) {
  const { t } = useLingui();
  const labels = useImportStatusLabels();
  const { status, progress, total_shipments: total } = record;
  return (
    <div className="flex min-w-28 flex-col gap-1">
      <span className={`badge w-fit whitespace-nowrap ${BADGE_CLASS[status]}`} data-status={status}>
        {labels[status]}
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
