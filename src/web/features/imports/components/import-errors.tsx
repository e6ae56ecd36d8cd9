import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportRecord, ImportRowError } from '#shared/contract/imports.ts';

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

/** The row errors grouped by the file's row, in the order the server gave them. */
function byRow(errors: readonly ImportRowError[]): Array<{ row: number; errors: ImportRowError[] }> {
  const groups = new Map<number, ImportRowError[]>();
  for (const error of errors) groups.set(error.row, [...(groups.get(error.row) ?? []), error]);
  return [...groups].map(([row, list]) => ({ row, errors: list }));
}

/**
 * What went wrong, set apart from the import's row: the file's error (unreadable,
 * interrupted…), then the first row errors grouped by the file's row, the row number first and
 * each of its errors beside it ("Row 5 | PSČ: ZIP is required"); the result file has them all,
 * next to every row.
 */
export function ImportErrors({ record, id }: { record: ImportRecord; id: string }) {
  const { t } = useLingui();
  const groups = byRow(record.row_errors);
  const more = record.failed_shipments > groups.length;
  const { filename } = record;
  return (
    <section id={id} aria-label={t`Errors of ${filename}`} className={`my-1 flex flex-col gap-2 rounded-box border-l-4 bg-base-100 p-3 text-sm shadow-sm ${record.status === 'FAILED' ? 'border-error' : 'border-warning'}`}>
      {record.error_message && (
        <p role="note" className="font-medium text-error">
          {record.error_message}
        </p>
      )}
      {groups.length > 0 && (
        <ul className="grid grid-cols-[max-content_1fr] divide-y divide-base-300" aria-label={t`Row errors`}>
          {groups.map(({ row, errors }) => (
            <li key={row} className="col-span-2 grid grid-cols-subgrid gap-x-4 py-1.5 first:pt-0 last:pb-0">
              <span className="font-semibold whitespace-nowrap tabular-nums">
                <Trans>Row {row}</Trans>
              </span>
              <ul className="flex min-w-0 flex-col gap-0.5">
                {errors.map((e, index) => (
                  <li key={`${e.column}-${index}`} className="break-words">
                    {e.column ? (
                      <>
                        <span className="font-medium">{e.column}</span>: {e.message}
                      </>
                    ) : (
                      e.message
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {more && record.status !== 'PROCESSING' && (
        <p className="text-base-content/70">
          <Trans>The result file lists the errors of every row.</Trans>
        </p>
      )}
    </section>
  );
}
