import { describe, expect, it } from 'vitest';
import { nextTrackingStatus, trackingStatusOf, type TrackingEventCode } from './tracking-events.ts';

const at = (hour: number) => new Date(Date.UTC(2026, 10, 2, hour));
const ev = (code: TrackingEventCode, hour: number) => ({ code, at: at(hour) });

describe('tracking status (delivery milestone) of a shipment', () => {
  it('follows a parcel from creation to delivery', () => {
    const journey = [ev('CREATED', 8), ev('MANIFESTED', 9), ev('ARRIVED', 10), ev('SENT', 11), ev('IN_TRANSIT', 12), ev('OUT_FOR_DELIVERY', 20), ev('DELIVERED', 21)];
    const seen = journey.map((_, i) => trackingStatusOf(journey.slice(0, i + 1))?.status);
    expect(seen).toEqual(['created', 'created', 'handed_over', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    // The time is when the milestone was reached: IN_TRANSIT after SENT keeps SENT's time.
    expect(trackingStatusOf(journey.slice(0, 5))).toEqual({ status: 'in_transit', at: at(11) });
    expect(trackingStatusOf(journey)).toEqual({ status: 'delivered', at: at(21) });
  });

  it('never moves back for an older event arriving late', () => {
    const delivered = trackingStatusOf([ev('CREATED', 8), ev('SENT', 11), ev('DELIVERED', 21)]);
    expect(nextTrackingStatus(delivered, 'IN_TRANSIT', at(12))).toBe(delivered);
    expect(nextTrackingStatus(delivered, 'OUT_FOR_DELIVERY', at(20))).toBe(delivered);
    expect(nextTrackingStatus(delivered, 'DELIVERY_FAILED', at(22))).toBe(delivered);
    // A depot scan after a partner already reported the parcel on its way changes nothing.
    const moving = trackingStatusOf([ev('CREATED', 8), ev('IN_TRANSIT', 12)]);
    expect(nextTrackingStatus(moving, 'ARRIVED', at(13))).toBe(moving);
  });

  it('takes the newest event of the last mile: a failed attempt, out again, then at a pickup point', () => {
    let state = trackingStatusOf([ev('CREATED', 8), ev('SENT', 9), ev('OUT_FOR_DELIVERY', 10)]);
    state = nextTrackingStatus(state, 'DELIVERY_FAILED', at(14));
    expect(state).toEqual({ status: 'exception', at: at(14) });
    state = nextTrackingStatus(state, 'OUT_FOR_DELIVERY', at(34));
    expect(state).toEqual({ status: 'out_for_delivery', at: at(34) });
    // The failed attempt of the day before, reported again late, does not take over.
    expect(nextTrackingStatus(state, 'DELIVERY_FAILED', at(14))).toBe(state);
    state = nextTrackingStatus(state, 'AT_PICKUP_POINT', at(38));
    expect(state).toEqual({ status: 'ready_for_pickup', at: at(38) });
  });

  it('lets a return override delivery and the last mile, and nothing override a return or a cancellation', () => {
    const returned = trackingStatusOf([ev('CREATED', 8), ev('SENT', 9), ev('DELIVERED', 20), ev('RETURNED', 30)]);
    expect(returned).toEqual({ status: 'returned', at: at(30) });
    expect(nextTrackingStatus(returned, 'DELIVERED', at(40))).toBe(returned);
    expect(nextTrackingStatus(returned, 'DELIVERY_FAILED', at(40))).toBe(returned);
    const cancelled = trackingStatusOf([ev('CREATED', 8), ev('DELETED', 9)]);
    expect(cancelled).toEqual({ status: 'cancelled', at: at(9) });
    expect(nextTrackingStatus(cancelled, 'CREATED', at(10))).toBe(cancelled);
  });

  it('reports an earlier time for a milestone when a partner reports it late', () => {
    const state = trackingStatusOf([ev('CREATED', 8), ev('IN_TRANSIT', 15), ev('SENT', 11)]);
    expect(state).toEqual({ status: 'in_transit', at: at(11) });
  });

  it('ends in the same state whatever order the events arrive in (seeded shuffles)', () => {
    const codes: TrackingEventCode[] = ['CREATED', 'MANIFESTED', 'ARRIVED', 'SENT', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'AT_PICKUP_POINT', 'DELIVERY_FAILED', 'DELIVERED', 'RETURNED'];
    let seed = 29;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 500; round++) {
      // Distinct hours: with equal times the last mile takes the one recorded last.
      const hours = [...Array(40).keys()].sort(() => random() - 0.5);
      const events = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ev(codes[Math.floor(random() * codes.length)]!, hours[i]!));
      const shuffled = [...events].sort(() => random() - 0.5);
      expect(trackingStatusOf(shuffled)).toEqual(trackingStatusOf(events));
    }
  });
});
