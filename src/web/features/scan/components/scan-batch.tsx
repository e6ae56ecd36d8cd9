import { Trans, useLingui } from '@lingui/react/macro';
import type { ScanOutcome } from '#shared/domain/parcel-status-rules.ts';
import { FORM_ERROR_KEY } from '#web/offline/keyed-request.ts';
import type { ScanRow } from '#web/offline/db.ts';
import { StatusBadge } from '#web/components/ui/status-badge.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useScanResultText } from './use-scan-result-text.ts';

/** The mark carries the colour; the words stay in the text colour (yellow text is unreadable). */
const OUTCOME_CLASS: Record<ScanOutcome, string> = {
  updated: 'text-success',
  unchanged: 'text-base-content/60',
  not_found: 'text-error',
  not_allowed: 'text-warning',
};
const OUTCOME_MARK: Record<ScanOutcome, string> = { updated: '✓', unchanged: '=', not_found: '✗', not_allowed: '!' };

/** Ids beyond this are folded away until opened. */
const OPEN_UP_TO = 12;

/** One press of Arrive or Sent: when, how many, where it is, and the server's answer per id. */
export function ScanBatch({ row, onPutBack }: { row: ScanRow; onPutBack: (row: ScanRow) => void }) {
  const { t, i18n } = useLingui();
  const resultText = useScanResultText();
  const count = row.parcelIds.length;
  const counts = (row.results ?? []).reduce((m, r) => m.set(r.result, (m.get(r.result) ?? 0) + 1), new Map<ScanOutcome, number>());
  const summary = [
    counts.get('updated') ? t`${counts.get('updated')} updated` : null,
    counts.get('unchanged') ? t`${counts.get('unchanged')} unchanged` : null,
    counts.get('not_found') ? t`${counts.get('not_found')} unknown` : null,
    counts.get('not_allowed') ? t`${counts.get('not_allowed')} not allowed` : null,
  ].filter(Boolean);

  let state: React.ReactNode;
  if (row.state === 'accepted') state = <span className="badge badge-success badge-soft">{t`Done`}</span>;
  else if (row.state === 'rejected') state = <span className="badge badge-error">{t`Rejected`}</span>;
  else if (row.state === 'sending')
    state = (
      <span className="badge badge-info badge-soft gap-1">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        {t`Sending`}
      </span>
    );
  else state = <span className="badge badge-warning">{t`Waiting`}</span>;

  // `parcels_id.3` names the fourth id of the press: show the id itself.
  const fieldErrors = Object.entries(row.errors ?? {})
    .filter(([field]) => field !== FORM_ERROR_KEY)
    .map(([field, list]) => [row.parcelIds[Number(/^parcels_id\.(\d+)$/.exec(field)?.[1] ?? Number.NaN)] ?? field, list] as const);

  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-3" data-scan-state={row.state}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={row.status} />
        <span className="text-sm tabular-nums">{formatDateTime(new Date(row.scannedAt))}</span>
        <span className="text-sm text-base-content/70">{count === 1 ? t`1 parcel` : t`${count} parcels`}</span>
        <span className="ml-auto">{state}</span>
      </div>

      {row.state === 'accepted' &&
        (row.results && row.results.length > 0 ? (
          <details className="mt-2" open={count <= OPEN_UP_TO}>
            <summary className="cursor-pointer text-sm">{summary.join(' · ')}</summary>
            <ul className="mt-1 divide-y divide-base-200" aria-label={t`Answer per parcel`}>
              {row.results.map((result) => (
                <li key={result.parcel_id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1 text-sm">
                  <span className="font-mono">{result.parcel_id}</span>
                  <span className={result.result === 'updated' ? '' : 'font-medium'}>
                    <span className={`font-bold ${OUTCOME_CLASS[result.result]}`} aria-hidden="true">
                      {OUTCOME_MARK[result.result]}{' '}
                    </span>
                    {resultText(result, row.status)}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <p className="mt-2 text-sm text-base-content/70">
            <Trans>Sent. The server gave no details per parcel.</Trans>
          </p>
        ))}

      {(row.state === 'pending' || row.state === 'retry' || row.state === 'sending') && (
        <p className="mt-2 break-all font-mono text-sm text-base-content/70">{row.parcelIds.join(', ')}</p>
      )}

      {row.state === 'rejected' && (
        <div className="mt-2 flex flex-col gap-2">
          <div role="alert" className="alert alert-error alert-soft py-2 text-sm">
            <div>
              <p>{row.lastError?.message}</p>
              {fieldErrors.length > 0 && (
                <ul className="list-inside list-disc">
                  {fieldErrors.map(([field, list]) => (
                    <li key={field} className="break-all">
                      {field}: {list.map((message) => i18n._(message)).join(', ')}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
          <p className="break-all font-mono text-sm">{row.parcelIds.join(', ')}</p>
          {row.resolvedAt === undefined ? (
            <button type="button" className="btn btn-outline btn-sm w-fit" onClick={() => onPutBack(row)}>
              <Trans>Put the ids back into the scan field</Trans>
            </button>
          ) : (
            <p className="text-sm text-base-content/70">
              <Trans>The ids were put back into the scan field.</Trans>
            </p>
          )}
        </div>
      )}
    </li>
  );
}
