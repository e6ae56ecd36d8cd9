import { Trans, useLingui } from '@lingui/react/macro';
import { KEPT_NOTICE_ID } from '#web/components/ui/list-states.tsx';

/**
 * A manifest's PDF; it spins while the file is fetched. Offline, a PDF kept on this device is saved
 * from there ("On this device"); any other is disabled, its reason in the title and in the kept
 * list's notice (aria-describedby).
 */
export function ManifestDownloadButton({
  id,
  busy,
  onDownload,
  offline = false,
  kept = false,
  className = '',
}: {
  id: string;
  busy: boolean;
  onDownload: (id: string) => void;
  offline?: boolean;
  kept?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const unavailable = offline && !kept;
  return (
    <span className={`inline-flex items-center justify-end gap-2 ${className}`}>
      {offline && kept && (
        <span className="badge badge-ghost badge-sm whitespace-nowrap">
          <Trans>On this device</Trans>
        </span>
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={busy || unavailable}
        aria-busy={busy}
        aria-label={t`Download manifest ${id}`}
        aria-describedby={unavailable ? KEPT_NOTICE_ID : undefined}
        title={unavailable ? t`Not downloaded on this device: needs the connection.` : undefined}
        onClick={() => onDownload(id)}
      >
        {busy ? (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        ) : (
          <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" />
          </svg>
        )}
        <Trans>Download</Trans>
      </button>
    </span>
  );
}
