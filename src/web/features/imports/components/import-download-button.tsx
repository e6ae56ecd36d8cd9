import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { KEPT_NOTICE_ID } from '#web/components/ui/list-states.tsx';

/**
 * The result file of one import: not ready while it runs (the server answers 409 until then), and
 * no longer there once the retention job deleted the upload (410): then the history says so
 * instead of offering a download that fails. Offline it is disabled, its reason in the title and in
 * the kept history's notice (aria-describedby).
 */
export function ImportDownloadButton({
  record,
  busy,
  onDownload,
  offline = false,
  className = '',
}: {
  record: ImportRecord;
  busy: boolean;
  onDownload: (record: ImportRecord) => void;
  offline?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const { filename } = record;
  const processing = record.status === 'PROCESSING';
  if (!processing && !record.result_available) {
    return (
      <span className={`inline-block text-sm text-base-content/70 ${className}`}>
        <Trans>Result file no longer kept</Trans>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`btn btn-outline btn-sm ${className}`}
      disabled={processing || busy || offline}
      aria-label={t`Download the result file of ${filename}`}
      aria-describedby={offline ? KEPT_NOTICE_ID : undefined}
      title={offline ? t`Needs the connection.` : processing ? t`The result file is ready when the import has finished.` : undefined}
      onClick={() => onDownload(record)}
    >
      {busy ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" />
        </svg>
      )}
      <Trans>Result file</Trans>
    </button>
  );
}
