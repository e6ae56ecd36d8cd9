import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ParcelStatusUpdate } from '#shared/domain/enums.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { parcelIdFromScan, parseParcelIds } from '#shared/domain/parcel-status-rules.ts';
import { queueScan } from '../offline/scan-queue.ts';
import { scanFeedback } from '../scanner/scan-feedback.ts';
import { appendIdLine, placeScannedId } from '../scanner/scan-text.ts';
import { useWedgeScanner } from '../scanner/use-wedge-scanner.ts';
import { CameraPanel } from './camera-panel.tsx';

interface ScanEntryProps {
  clientId: string;
  text: string;
  setText: (update: string | ((previous: string) => string)) => void;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The scan field and its two actions. Ids come from the hand scanner (anywhere on the page), the
 * camera or the keyboard; Arrive and Sent queue them as one press with the press time, empty the
 * field and leave the focus in it for the next parcel.
 */
export function ScanEntry({ clientId, text, setText, fieldRef }: ScanEntryProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const ids = parseParcelIds(text);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [lastAdded, setLastAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const caret = useRef<number | null>(null);
  const textRef = useRef(text);
  useEffect(() => {
    textRef.current = text;
  }, [text]);

  // After a scan typed into the field was put on its own line, the caret goes after it.
  useLayoutEffect(() => {
    if (caret.current === null || !fieldRef.current) return;
    fieldRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text, fieldRef]);

  useWedgeScanner(fieldRef, {
    onScan: (code) => {
      setText((previous) => appendIdLine(previous, code));
      setError(null);
    },
    onScanInField: (code) => {
      const field = fieldRef.current;
      if (!field) return false;
      const placed = placeScannedId(field.value, field.selectionStart, code);
      if (!placed) return false;
      caret.current = placed.caret;
      setText(placed.text);
      return true;
    },
  });

  function onCameraCode(code: string) {
    const parcelId = parcelIdFromScan(code);
    if (!parcelId || parseParcelIds(textRef.current).includes(parcelId)) return;
    setText((previous) => appendIdLine(previous, code));
    setLastAdded(parcelId);
    setError(null);
    scanFeedback();
  }

  async function queue(status: ParcelStatusUpdate) {
    const field = fieldRef.current;
    if (ids.length === 0) {
      setError(i18n._(documentActionMessages.parcelIdsRequired));
      field?.focus();
      return;
    }
    setBusy(true);
    try {
      await queueScan(clientId, status, ids, Date.now());
      setText('');
      setError(null);
      setLastAdded(null);
      const count = ids.length;
      setNotice(status === 'ARRIVED' ? t`Queued as arrived: ${count}` : t`Queued as sent: ${count}`);
    } catch (cause) {
      // The field keeps its ids: nothing is lost when the queue cannot be written.
      setError(t`The scan could not be saved on this device. Try again.` + (cause instanceof Error ? ` (${cause.message})` : ''));
    } finally {
      setBusy(false);
      field?.focus();
    }
  }

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="card-title">
          <Trans>Scan parcels</Trans>
        </h2>
        <p className="text-sm text-base-content/70">
          <Trans>Scan labels with the hand scanner (wherever the focus is on this page) or the camera, or type ids separated by spaces, commas or new lines.</Trans>
        </p>
        <div className="flex flex-col gap-1">
          <div className="flex items-end justify-between gap-2">
            <label htmlFor={`${id}-ids`} className="font-medium">
              <Trans>Parcel ids</Trans>
            </label>
            <span id={`${id}-count`} className="badge badge-neutral badge-lg" aria-live="polite">
              <Plural value={ids.length} one="# parcel id" other="# parcel ids" />
            </span>
          </div>
          <textarea
            ref={fieldRef}
            id={`${id}-ids`}
            className={`textarea textarea-lg min-h-48 w-full font-mono ${error ? 'textarea-error' : ''}`}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <button type="button" className="btn btn-primary btn-lg h-16 text-lg" disabled={busy} onClick={() => void queue('ARRIVED')}>
            <Trans>Arrive</Trans>
          </button>
          <button type="button" className="btn btn-secondary btn-lg h-16 text-lg" disabled={busy} onClick={() => void queue('SENT')}>
            <Trans>Sent</Trans>
          </button>
        </div>
        <p role="status" className="min-h-5 text-sm text-success">
          {notice}
        </p>
        <button type="button" className="btn btn-outline btn-lg" aria-pressed={cameraOn} onClick={() => setCameraOn((on) => !on)}>
          <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 8h3l2-3h6l2 3h3v11H4zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6" />
          </svg>
          {cameraOn ? <Trans>Close the camera</Trans> : <Trans>Scan with the camera</Trans>}
        </button>
        {cameraOn && <CameraPanel onCode={onCameraCode} lastAdded={lastAdded} />}
      </div>
    </section>
  );
}
