import { describe, expect, it } from 'vitest';
import { pickupDaysFromMask, pickupDaysToMask } from './pickup-days.ts';

describe('pickup days', () => {
  it('reads Monday, Wednesday and Friday from 1 | 4 | 16', () => {
    expect(pickupDaysFromMask(21)).toEqual({ pondelok: true, utorok: false, streda: true, stvrtok: false, piatok: true });
  });

  it('round-trips every mask of the five weekdays', () => {
    for (let mask = 0; mask <= 31; mask += 1) expect(pickupDaysToMask(pickupDaysFromMask(mask))).toBe(mask);
  });
});
