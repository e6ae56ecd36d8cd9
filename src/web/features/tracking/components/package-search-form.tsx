import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { TRACKING_NUMBER_MAX } from '#shared/domain/limits.ts';
import { normalizeTrackingNumber, TRACKING_ZIP_MAX, type TrackingSearch } from '../tracking-search.ts';

/**
 * The public page's search: tracking number (required) and the destination's postal code
 * (optional). A plain form: the public page does without react-hook-form and zod to stay light.
 * Another search from outside (the browser's back button) replaces what is typed.
 */
export function PackageSearchForm({ initial, busy, onSearch }: { initial: TrackingSearch; busy: boolean; onSearch: (search: TrackingSearch) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [trackingNumber, setTrackingNumber] = useState(initial.tracking_number ?? '');
  const [zip, setZip] = useState(initial.zip ?? '');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(initial);
  if (shown.tracking_number !== initial.tracking_number || shown.zip !== initial.zip) {
    setShown(initial);
    setTrackingNumber(initial.tracking_number ?? '');
    setZip(initial.zip ?? '');
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const number = normalizeTrackingNumber(trackingNumber);
    if (!number) {
      setError(t`Enter the tracking number from your receipt or e-mail.`);
      document.getElementById(`${id}-number`)?.focus();
      return;
    }
    setError(null);
    onSearch({ tracking_number: number, zip: zip.trim() || undefined });
  }

  return (
    <form onSubmit={submit} noValidate className="card bg-base-100 shadow-sm" role="search" aria-label={t`Track a parcel`}>
      <div className="card-body gap-1 p-4 sm:p-6">
        <fieldset className="fieldset">
          <label className="fieldset-legend text-sm" htmlFor={`${id}-number`}>
            <Trans>Tracking number</Trans>
          </label>
          <input
            id={`${id}-number`}
            className={`input input-lg w-full font-mono uppercase ${error ? 'input-error' : ''}`}
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
            maxLength={TRACKING_NUMBER_MAX + 10}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder="CP123456785SK"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="label text-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
        <fieldset className="fieldset">
          <label className="fieldset-legend text-sm" htmlFor={`${id}-zip`}>
            <Trans>Destination postal code (optional)</Trans>
          </label>
          <input
            id={`${id}-zip`}
            className="input input-lg w-full"
            value={zip}
            onChange={(e) => setZip(e.target.value)}
            maxLength={TRACKING_ZIP_MAX}
            autoComplete="postal-code"
            enterKeyHint="search"
            aria-describedby={`${id}-zip-hint`}
          />
          <p id={`${id}-zip-hint`} className="label whitespace-normal">
            <Trans>With it, you also see the destination country, the places and the delivery partner.</Trans>
          </p>
        </fieldset>
        <button type="submit" className="btn btn-primary btn-lg mt-2 w-full sm:w-auto sm:self-start" disabled={busy} aria-busy={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          <Trans>Track</Trans>
        </button>
      </div>
    </form>
  );
}
