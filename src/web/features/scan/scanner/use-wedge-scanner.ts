// Listens to the whole page for a keyboard-wedge scanner (wedge-detector.ts), so that a scan lands
// in the scan field wherever the focus is. A person typing is never disturbed: only the Enter that
// ends a scan is taken over (so that it cannot press a focused button or submit a form).
import { useEffect, useRef, type RefObject } from 'react';
import { createWedgeDetector } from './wedge-detector.ts';

export interface WedgeScanHandlers {
  /** A scan typed while the focus was outside any text field: add it. */
  onScan: (code: string) => void;
  /** A scan typed into the scan field itself (its characters are there already); true when handled. */
  onScanInField: (code: string) => boolean;
}

/** Where typed characters go: a text field keeps what is scanned into it (e.g. the export's barcode). */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image', 'range', 'color'].includes(target.type);
}

export function useWedgeScanner(fieldRef: RefObject<HTMLTextAreaElement | null>, handlers: WedgeScanHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const detector = createWedgeDetector();
    let swallowSpaceUp = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      // Shortcuts (Ctrl+V…) are a person at work: they break a run.
      const code = detector.key(event.ctrlKey || event.metaKey || event.altKey ? 'Modifier' : event.key, event.timeStamp);
      const inField = event.target === fieldRef.current;
      if (code === null) {
        // A space inside a scan (a QR's postcode) must not press the focused button either.
        if (event.key === ' ' && detector.runLength >= 2 && !inField && !isTextField(event.target)) {
          event.preventDefault();
          swallowSpaceUp = true;
        }
        return;
      }
      if (inField) {
        if (latest.current.onScanInField(code)) event.preventDefault();
        return;
      }
      if (isTextField(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current.onScan(code);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !swallowSpaceUp) return;
      swallowSpaceUp = false;
      event.preventDefault();
    };
    // Capture: the page sees the keys before a focused button or form does.
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('keyup', onKeyUp, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('keyup', onKeyUp, true);
    };
  }, [fieldRef]);
}
