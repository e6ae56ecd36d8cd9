import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { TRACKING_NUMBER_MAX } from '#shared/domain/limits.ts';
import { PACKAGE_TRACKING_PATH } from '../public-tracking-paths.ts';
import { normalizeTrackingNumber, TRACKING_ZIP_MAX, type TrackingSearch } from '#shared/domain/tracking-search.ts';

interface PackageSearchFormProps {
  initial: TrackingSearch;
  busy: boolean;
  /** The app's search; without it (a page the server rendered) the browser submits the form as a GET. */
  onSearch?: (search: TrackingSearch) => void;
  /** The server's verdict on a submitted search (an empty tracking number). */
  numberMissing?: boolean;
  /** Hidden fields the submitted search keeps (the page's chosen language). */
  hidden?: ReactNode;
}

/**
 * The public page's search: tracking number (required) and the destination's postal code
 * (optional). A plain form: the public page does without react-hook-form and zod to stay light,
 * and its fields are named as the page's query (`?tracking_number=&zip=`), so that without the
 * app the browser's own submission runs the same search. Another search from outside (the
 * browser's back button) replaces what is typed.
 */
export function PackageSearchForm({ initial, busy, onSearch, numberMissing = false, hidden }: PackageSearchFormProps) {
  const { t } = useLingui();
  const id = useId();
  const [trackingNumber, setTrackingNumber] = useState(initial.tracking_number ?? '');
  const [zip, setZip] = useState(initial.zip ?? '');
  const missingText = t`Enter the tracking number from your receipt or e-mail.`;
  const [error, setError] = useState<string | null>(numberMissing ? missingText : null);
  const [shown, setShown] = useState(initial);
  if (shown.tracking_number !== initial.tracking_number || shown.zip !== initial.zip) {
    setShown(initial);
    setTrackingNumber(initial.tracking_number ?? '');
    setZip(initial.zip ?? '');
    setError(null);
  }

  function submit(event: FormEvent) {
    if (!onSearch) return;
    event.preventDefault();
    const number = normalizeTrackingNumber(trackingNumber);
    if (!number) {
      setError(missingText);
      document.getElementById(`${id}-number`)?.focus();
      return;
    }
    setError(null);
    onSearch({ tracking_number: number, zip: zip.trim() || undefined });
  }

  return (
    <form method="get" action={PACKAGE_TRACKING_PATH} onSubmit={submit} noValidate className="card bg-base-100 shadow-sm" role="search" aria-label={t`Track a parcel`}>
      <div className="card-body gap-1 p-4 sm:p-6">
        {hidden}
        <fieldset className="fieldset">
          <label className="fieldset-legend text-sm" htmlFor={`${id}-number`}>
            <Trans>Tracking number</Trans>
          </label>
          <input
            id={`${id}-number`}
            name="tracking_number"
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
            <p id={`${id}-error`} className="label whitespace-normal text-error" role="alert">
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
            name="zip"
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
