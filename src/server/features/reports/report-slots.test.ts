import { describe, expect, it } from 'vitest';
import { ReportSlots } from './report-slots.ts';

describe('ReportSlots', () => {
  it('gives out its slots, refuses one more, and takes each back once', () => {
    const slots = new ReportSlots(2);
    const first = slots.take();
    const second = slots.take();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(slots.take()).toBeNull();
    expect(slots.inProgress).toBe(2);
    first!();
    first!();
    expect(slots.inProgress).toBe(1);
    expect(slots.take()).not.toBeNull();
    expect(slots.take()).toBeNull();
  });
});
