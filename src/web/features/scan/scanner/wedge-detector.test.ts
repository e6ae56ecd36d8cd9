import { describe, expect, it } from 'vitest';
import { createWedgeDetector } from './wedge-detector.ts';

/** Feeds keys `gapMs` apart from `start`; answers what each key returned. */
function feed(detector: ReturnType<typeof createWedgeDetector>, keys: string[], gapMs: number, start = 1_000) {
  return keys.map((key, i) => detector.key(key, start + i * gapMs));
}
const chars = (text: string) => [...text];

describe('wedge detector', () => {
  it('takes fast keys ending in Enter for a scan (Shift presses of capitals included)', () => {
    const detector = createWedgeDetector();
    const keys = ['Shift', 'C', 'Shift', 'P', ...chars('000000015'), 'Shift', 'S', 'Shift', 'K', 'Enter'];
    expect(feed(detector, keys, 8).at(-1)).toBe('CP000000015SK');
    // The next scan right after it is one of its own.
    expect(feed(detector, [...chars('PP0000000002'), 'Enter'], 5, 5_000).at(-1)).toBe('PP0000000002');
  });

  it('leaves a person typing alone, even ending in Enter, even a fast typist', () => {
    const detector = createWedgeDetector();
    expect(feed(detector, [...chars('CP000000015SK'), 'Enter'], 120).every((r) => r === null)).toBe(true);
    expect(feed(detector, [...chars('CP000000015SK'), 'Enter'], 85, 5_000).every((r) => r === null)).toBe(true);
    // Mostly slow with one quick pair: still a person.
    expect(detector.key('A', 10_000)).toBeNull();
    expect(detector.key('B', 10_030)).toBeNull();
    expect(detector.key('Enter', 10_200)).toBeNull();
  });

  it('does not split a scan at one short hiccup', () => {
    const detector = createWedgeDetector();
    const keys = [...chars('CP100000034SK'), 'Enter'];
    const times = keys.map((_, i) => 1_000 + i * 6 + (i >= 5 ? 90 : 0));
    expect(keys.map((key, i) => detector.key(key, times[i]!)).at(-1)).toBe('CP100000034SK');
  });

  it('keeps the first characters of a scan that a busy tablet held back (CP100000198SK, not 100000198SK)', () => {
    const detector = createWedgeDetector();
    const keys = [...chars('CP100000198SK'), 'Enter'];
    // C, then P 180 ms later, then 1 another 240 ms later; the rest at a scanner's pace.
    const times = keys.map((_, i) => 1_000 + (i >= 1 ? 180 : 0) + (i >= 2 ? 240 : 0) + i * 4);
    expect(keys.map((key, i) => detector.key(key, times[i]!)).at(-1)).toBe('CP100000198SK');
    // A pause in the middle or at the end is no different.
    const late = keys.map((_, i) => 5_000 + (i >= 9 ? 400 : 0) + i * 4);
    expect(keys.map((key, i) => detector.key(key, late[i]!)).at(-1)).toBe('CP100000198SK');
  });

  it('keeps only the fast run: hand-typed characters before a scan are not part of it', () => {
    const detector = createWedgeDetector();
    feed(detector, chars('XY'), 200, 0);
    expect(feed(detector, [...chars('CP000000015SK'), 'Enter'], 6, 1_000).at(-1)).toBe('CP000000015SK');
  });

  it('needs a few characters, a quick Enter, and no editing key in the middle', () => {
    const detector = createWedgeDetector();
    expect(feed(detector, ['A', 'B', 'Enter'], 5).at(-1)).toBeNull();
    expect(feed(detector, [...chars('CP0000'), 'Enter'], 5, 2_000).at(-1)).toBe('CP0000');
    // Enter long after the last character: a person pressing Enter.
    feed(detector, chars('CP000000015SK'), 5, 3_000);
    expect(detector.key('Enter', 3_500)).toBeNull();
    expect(feed(detector, [...chars('CP00'), 'Backspace', ...chars('0015'), 'Enter'], 5, 4_000).at(-1)).toBe('0015');
  });

  it('reads a QR label typed by the scanner as its full text (the caller takes the id from it)', () => {
    const detector = createWedgeDetector();
    expect(feed(detector, [...chars('CP000000015SK|SK|010 01'), 'Enter'], 4).at(-1)).toBe('CP000000015SK|SK|010 01');
  });

  it('says how long the run under way is (a space inside a scan must not press a button)', () => {
    const detector = createWedgeDetector();
    feed(detector, chars('CP1 '), 5);
    expect(detector.runLength).toBe(4);
    detector.key('Enter', 1_020);
    expect(detector.runLength).toBe(0);
    detector.key('A', 5_000);
    detector.key(' ', 5_300);
    expect(detector.runLength).toBe(1);
  });

  it('honours its settings', () => {
    const detector = createWedgeDetector({ maxGapMs: 20, minLength: 2 });
    expect(feed(detector, ['A', 'B', 'Enter'], 15).at(-1)).toBe('AB');
    expect(feed(detector, ['A', 'B', 'Enter'], 30, 5_000).at(-1)).toBeNull();
  });
});
