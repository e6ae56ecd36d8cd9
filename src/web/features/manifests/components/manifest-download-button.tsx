import { Trans, useLingui } from '@lingui/react/macro';

/** A manifest's PDF; it spins while the file is fetched. */
export function ManifestDownloadButton({ id, busy, onDownload, className = '' }: { id: string; busy: boolean; onDownload: (id: string) => void; className?: string }) {
  const { t } = useLingui();
  return (
    <button type="button" className={`btn btn-outline btn-sm ${className}`} disabled={busy} aria-busy={busy} aria-label={t`Download manifest ${id}`} onClick={() => onDownload(id)}>
      {busy ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" />
        </svg>
      )}
      <Trans>Download</Trans>
    </button>
  );
}
