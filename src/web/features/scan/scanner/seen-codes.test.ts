import { describe, expect, it } from 'vitest';
import { createSeenCodes } from './seen-codes.ts';

describe('seen codes', () => {
  it('counts a code held in front of the camera once, and again only after it was away', () => {
    const seen = createSeenCodes(2_000);
    const frames = [0, 150, 300, 450, 1_900, 3_500].map((at) => seen.isNew('CP1', at));
    expect(frames).toEqual([true, false, false, false, false, false]);
    expect(seen.isNew('CP2', 3_600)).toBe(true);
    // Away for more than two seconds, shown again: a new reading.
    expect(seen.isNew('CP1', 6_000)).toBe(true);
  });
});
