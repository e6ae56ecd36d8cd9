// Tells a keyboard-wedge barcode scanner from a person typing. A scanner "types" the code far
// faster than anyone can (a few ms per character) and ends with Enter; a person leaves 80 ms or
// more between keys. So: printable keys ended by a prompt Enter, at least `minLength` of them,
// whose mean gap is under `maxGapMs`, are a scan. A busy tablet (or a Bluetooth hiccup) can hold
// some keys back for a few hundred ms, so a pause inside a scan does not cut it: at Enter the
// detector takes the LONGEST run of recent keys that still has a scanner's mean pace. Hand-typed
// keys before a scan are too slow on average to join it; a pause of over a second, an editing key,
// a shortcut or Enter starts afresh.

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
/** A pause this long inside the keys is a person, not a scanner held back by a busy page. */
const RESET_PAUSE_MS = 1_000;
/** A scanner sends Enter right after the code; an Enter later than this is a person's. */
const ENTER_GAP_MS = 250;

export interface WedgeDetector {
  /**
   * Feeds one keydown (KeyboardEvent.key and its timeStamp); answers the scanned code when this
   * key is the Enter that ends a scan, else null.
   */
  key(key: string, at: number): string | null;
  /** Characters of the fast run under way (0 after Enter, an editing key or a pause). */
  readonly runLength: number;
}

export function createWedgeDetector({ maxGapMs = WEDGE_MAX_GAP_MS, minLength = WEDGE_MIN_LENGTH }: WedgeDetectorOptions = {}): WedgeDetector {
  /** Printable keys since the last reset, each with the pause before it (0 for the first). */
  let keys: string[] = [];
  let gaps: number[] = [];
  let fastRun = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  const reset = () => {
    keys = [];
    gaps = [];
    fastRun = 0;
  };

  /** The longest tail of the keys (with the Enter's own pause) at a scanner's mean pace, or null. */
  function scannedTail(enterGap: number): string | null {
    let sum = enterGap;
    let best: number | null = null;
    // Walk from the end: the tail starting at i holds the pauses after its first key.
    for (let i = keys.length - 1; i >= 0; i--) {
      const length = keys.length - i;
      if (length >= minLength && sum / length <= maxGapMs) best = i;
      sum += gaps[i] ?? 0;
    }
    return best === null ? null : keys.slice(best).join('');
  }

  return {
    get runLength() {
      return fastRun;
    },
    key(key, at) {
      if (NEUTRAL_KEYS.has(key)) return null;
      const gap = at - lastAt;
      lastAt = at;
      if (key === 'Enter') {
        const code = keys.length > 0 && gap <= ENTER_GAP_MS ? scannedTail(gap) : null;
        reset();
        return code;
      }
      if (key.length !== 1) {
        // Tab, arrows, Backspace, a shortcut…: a person editing.
        reset();
        return null;
      }
      if (keys.length > 0 && gap > RESET_PAUSE_MS) reset();
      gaps.push(keys.length === 0 ? 0 : gap);
      keys.push(key);
      fastRun = fastRun > 0 && gap <= 2 * maxGapMs ? fastRun + 1 : 1;
      return null;
    },
  };
}
