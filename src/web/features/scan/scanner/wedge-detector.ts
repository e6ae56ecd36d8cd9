// Tells a keyboard-wedge barcode scanner from a person typing. A scanner "types" the code far
// faster than anyone can (a few ms per character) and ends with Enter; a person leaves 80 ms or
// more between keys. So: a run of printable keys whose mean gap is under `maxGapMs`, at least
// `minLength` long, ended by Enter, is a scan. One pause of up to twice that (a Bluetooth hiccup,
// a busy page) does not cut a run, so that a scan is never split into two wrong ids.

/** Keys a scanner sends around characters (Shift for capitals) that neither add to nor break a run. */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock', 'Unidentified']);

export interface WedgeDetectorOptions {
  /** Longest mean pause between two keys of one scan. */
  maxGapMs?: number;
  /** Shortest code taken for a scan (shorter fast runs are chance). */
  minLength?: number;
}

export const WEDGE_MAX_GAP_MS = 50;
export const WEDGE_MIN_LENGTH = 4;

export interface WedgeDetector {
  /**
   * Feeds one keydown (KeyboardEvent.key and its timeStamp); answers the scanned code when this
   * key is the Enter that ends a scan, else null.
   */
  key(key: string, at: number): string | null;
  /** Characters in the run under way (0 after Enter, an editing key or a pause). */
  readonly runLength: number;
}

export function createWedgeDetector({ maxGapMs = WEDGE_MAX_GAP_MS, minLength = WEDGE_MIN_LENGTH }: WedgeDetectorOptions = {}): WedgeDetector {
  let run = '';
  /** Sum of the gaps inside the run (from its first key on). */
  let gaps = 0;
  let lastAt = Number.NEGATIVE_INFINITY;

  return {
    get runLength() {
      return run.length;
    },
    key(key, at) {
      if (NEUTRAL_KEYS.has(key)) return null;
      const gap = at - lastAt;
      lastAt = at;
      const continues = run.length > 0 && gap <= 2 * maxGapMs;
      if (key === 'Enter') {
        const isScan = continues && run.length >= minLength && (gaps + gap) / run.length <= maxGapMs;
        const code = isScan ? run : null;
        run = '';
        gaps = 0;
        return code;
      }
      if (key.length !== 1) {
        // Tab, arrows, Backspace…: a person editing.
        run = '';
        gaps = 0;
        return null;
      }
      if (continues) {
        run += key;
        gaps += gap;
      } else {
        run = key;
        gaps = 0;
      }
      return null;
    },
  };
}
