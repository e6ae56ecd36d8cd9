import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ScanRow } from '#web/offline/db.ts';
import { useRecentScans, useScanQueueStatus } from '../offline/scan-queue.ts';
import { ScanBatch } from './scan-batch.tsx';
import { useOnline } from '#web/lib/use-online.ts';

const RECENT = 20;

/** The scan queue of this device: what still waits to be sent (and why), and the recent presses with their answers. */
export function ScanQueuePanel({ clientId, onPutBack }: { clientId: string; onPutBack: (row: ScanRow) => void }) {
  const { t } = useLingui();
  const online = useOnline();
  const status = useScanQueueStatus(clientId);
  const recent = useRecentScans(clientId, RECENT);
  const waiting = status?.waiting ?? 0;
  const waitingIds = status?.waitingIds ?? 0;

  let summary: React.ReactNode = null;
  if (status) {
    if (waiting === 0) {
      summary = (
        <div className="rounded-box border border-success/40 bg-success/10 p-4">
          <Trans>All scans are sent.</Trans>
        </div>
      );
    } else {
      const parcels = <Plural value={waitingIds} one="# parcel" other="# parcels" />;
      summary = (
        <div className={`flex flex-col gap-1 rounded-box border p-4 ${online ? 'border-info/40 bg-info/10' : 'border-warning bg-warning/15'}`}>
          <p className="text-lg font-semibold">
            <Plural value={waiting} one="# scan waiting" other="# scans waiting" /> ({parcels})
          </p>
          {!online ? (
            <p>
              <Trans>You are offline. The scans are kept on this device and sent when the connection is back.</Trans>
            </p>
          ) : status.sending ? (
            <p className="flex items-center gap-2">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              <Trans>Sending…</Trans>
            </p>
          ) : status.lastError ? (
            <p>
              <Trans>The last try failed ({status.lastError.message}). The scans are sent again shortly.</Trans>
            </p>
          ) : null}
        </div>
      );
    }
  }

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="scan-queue-title">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="scan-queue-title" className="card-title">
          <Trans>Scan queue</Trans>
        </h2>
        <div role="status" aria-label={t`Scan queue status`}>
          {summary}
        </div>
        {recent && recent.length > 0 ? (
          <>
            <h3 className="font-medium">
              <Trans>Recent scans</Trans>
            </h3>
            <ul className="flex flex-col gap-2" aria-label={t`Recent scans`}>
              {recent.map((row) => (
                <ScanBatch key={row.id} row={row} onPutBack={onPutBack} />
              ))}
            </ul>
          </>
        ) : (
          recent && (
            <p className="text-base-content/70">
              <Trans>No scans on this device yet. Scanned parcels show up here with the answer for each id.</Trans>
            </p>
          )
        )}
      </div>
    </section>
  );
}
