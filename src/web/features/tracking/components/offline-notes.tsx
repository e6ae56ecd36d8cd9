import { Trans } from '@lingui/react/macro';

/**
 * The notes the tracking page's own service worker (public/tracking-sw.js, README note 125) shows
 * on a page it answers offline. The server renders them hidden, in the page's language; the worker
 * unhides one and fills its time or number. Their ids are what the worker looks for: keep the two
 * in step (tests/api/public-pages.test.ts checks the markup the worker expects).
 */
export const OFFLINE_NOTE_IDS = {
  /** On a kept result: "as it was at <time>". */
  result: 'tracking-offline-result',
  time: 'tracking-offline-time',
  /** On the offline page: a number that was never looked up on this device. */
  unknown: 'tracking-offline-unknown',
  number: 'tracking-offline-number',
} as const;

/** On a result page (hidden): shown by the worker when it answers with the kept copy. */
export function OfflineResultNote() {
  return (
    <div id={OFFLINE_NOTE_IDS.result} hidden role="status" className="alert alert-soft alert-warning mb-4 text-base-content">
      <p>
        <Trans>
          You are offline. This is the parcel as it was at <time id={OFFLINE_NOTE_IDS.time} />.
        </Trans>
      </p>
    </div>
  );
}

/** The offline page's message: the number (filled in by the worker) cannot be looked up without a connection. */
export function OfflineLookupNote() {
  return (
    <div role="alert" className="alert alert-soft alert-warning mb-4 flex flex-col items-start gap-1 text-base-content">
      <p className="font-semibold">
        <Trans>You are offline.</Trans>
      </p>
      <p id={OFFLINE_NOTE_IDS.unknown} hidden>
        <Trans>
          Parcel <strong id={OFFLINE_NOTE_IDS.number} className="font-mono" /> cannot be looked up offline.
        </Trans>
      </p>
      <p className="text-sm">
        <Trans>Only parcels already looked up on this device open without a connection. Try again when you are back online.</Trans>
      </p>
    </div>
  );
}
