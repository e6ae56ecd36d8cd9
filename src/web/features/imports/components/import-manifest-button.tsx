import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { KEPT_NOTICE_ID } from '#web/components/ui/list-states.tsx';

/** A manifest makes sense for a finished import that created shipments. */
export const canGenerateManifest = (record: ImportRecord) => record.status === 'COMPLETED' && record.successful_shipments > 0;

/** The manifest of one import's shipments (spec section 2); it spins while the file is made. */
export function ImportManifestButton({
  record,
  busy,
  onGenerate,
  offline = false,
  className = '',
}: {
  record: ImportRecord;
  busy: boolean;
  onGenerate: (record: ImportRecord) => void;
  /** Offline: disabled, its reason in the title and the kept history's notice. */
  offline?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const { filename } = record;
  return (
    <button
      type="button"
      className={`btn btn-outline btn-sm ${className}`}
      disabled={busy || offline}
      aria-busy={busy}
      aria-label={t`Generate the manifest of ${filename}`}
      aria-describedby={offline ? KEPT_NOTICE_ID : undefined}
      title={offline ? t`Needs the connection.` : undefined}
      onClick={() => onGenerate(record)}
    >
      {busy ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M9 4h6v3H9zM9 5H6v16h12V5h-3M9 12l2 2 4-4M9 17h6" />
        </svg>
      )}
      <Trans>Manifest</Trans>
    </button>
  );
}
