import { describe, expect, it } from 'vitest';
import { milestoneSteps } from './milestone-steps.ts';

const at = (minute: number) => `2026-05-06T08:${String(minute).padStart(2, '0')}:00.000Z`;

describe('milestoneSteps', () => {
  it('marks the milestones up to the furthest reached one, each with its first time', () => {
    const steps = milestoneSteps('SENT', [
      { code: 'IN_TRANSIT', date: at(40) },
      { code: 'SENT', date: at(30) },
      { code: 'ARRIVED', date: at(20) },
      { code: 'MANIFESTED', date: at(10) },
      { code: 'CREATED', date: at(0) },
    ]);
    expect(steps).toEqual([
      { milestone: 'CREATED', reached: true, current: false, at: at(0) },
      { milestone: 'ARRIVED', reached: true, current: false, at: at(20) },
      { milestone: 'SENT', reached: true, current: true, at: at(30) },
      { milestone: 'OUT_FOR_DELIVERY', reached: false, current: false, at: null },
      { milestone: 'DELIVERED', reached: false, current: false, at: null },
    ]);
  });

  it('counts a milestone a partner skipped as reached, without a time', () => {
    const steps = milestoneSteps('DELIVERED', [
      { code: 'DELIVERED', date: at(50) },
      { code: 'DELIVERY_FAILED', date: at(45) },
      { code: 'CREATED', date: at(0) },
    ]);
    expect(steps.map((s) => [s.milestone, s.reached, s.at])).toEqual([
      ['CREATED', true, at(0)],
      ['ARRIVED', true, null],
      ['SENT', true, null],
      ['OUT_FOR_DELIVERY', true, at(45)],
      ['DELIVERED', true, at(50)],
    ]);
    expect(steps.filter((s) => s.current).map((s) => s.milestone)).toEqual(['DELIVERED']);
  });

  it('reaches nothing for a cancelled shipment (milestone null)', () => {
    const steps = milestoneSteps(null, [
      { code: 'DELETED', date: at(5) },
      { code: 'CREATED', date: at(0) },
    ]);
    expect(steps.every((s) => !s.reached && !s.current && s.at === null)).toBe(true);
  });
});
