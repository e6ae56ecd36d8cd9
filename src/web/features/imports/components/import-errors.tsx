import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportRecord } from '../../../../shared/contract/imports.ts';

export const hasImportErrors = (record: ImportRecord) => !!record.error_message || record.row_errors.length > 0;

/** The button that opens an import's errors; `controls` is the id of the region it shows. */
export function ImportErrorsToggle({ record, expanded, controls, onToggle }: { record: ImportRecord; expanded: boolean; controls: string; onToggle: () => void }) {
  const { t } = useLingui();
  const { filename } = record;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={expanded ? t`Hide the errors of ${filename}` : t`Show the errors of ${filename}`}
      onClick={onToggle}
    >
      <svg xmlns="http://www.w3.org/2000/svg" className={`h-4 w-4 transition-transform ${expanded ? 'rotate-180' : ''}`} fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="m6 9 6 6 6-6" />
      </svg>
      <Trans>Errors</Trans>
    </button>
  );
}

/**
 * What went wrong: the file's error (unreadable, interrupted…) and the first row errors as
 * "Row 5 · PSČ: ZIP is required"; the result file has them all, next to every row.
 */
export function ImportErrors({ record, id }: { record: ImportRecord; id: string }) {
  const { t } = useLingui();
  const listed = new Set(record.row_errors.map((e) => e.row)).size;
  const more = record.failed_shipments > listed;
  return (
    <div id={id} className="flex flex-col gap-2 text-sm">
      {record.error_message && (
        <p role="note" className="font-medium text-error">
          {record.error_message}
        </p>
      )}
      {record.row_errors.length > 0 && (
        <ul className="flex flex-col gap-0.5" aria-label={t`Row errors`}>
          {record.row_errors.map((e, index) => {
            const row = e.row;
            return (
              <li key={`${e.row}-${e.column}-${index}`}>
                <span className="font-medium tabular-nums">
                  <Trans>Row {row}</Trans>
                </span>
                {' · '}
                {e.column ? `${e.column}: ${e.message}` : e.message}
              </li>
            );
          })}
        </ul>
      )}
      {more && record.status !== 'PROCESSING' && (
        <p className="text-base-content/70">
          <Trans>The result file lists the errors of every row.</Trans>
        </p>
      )}
    </div>
  );
}
