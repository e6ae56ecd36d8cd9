import { describe, expect, it } from 'vitest';
import { decideScans, type ScannedShipment } from './scan-decisions.ts';

const ship = (id: number, status: ScannedShipment['status'], trackingNumber: string | null = `RR${id}SK`): ScannedShipment => ({ id, itemNumber: `PP${id}`, trackingNumber, status });

describe('decideScans', () => {
  it('answers each distinct id once, in order, and moves each parcel once', () => {
    const found = [ship(1, 'CREATED'), ship(2, 'ARRIVED'), ship(3, 'DELETED')];
    const { results, updatedIds } = decideScans(['RR1SK', 'X', 'PP2', 'PP3', 'PP1', 'RR1SK'], found, 'ARRIVED');
    expect(results).toEqual([
      { parcel_id: 'RR1SK', result: 'updated', status: 'ARRIVED', item_number: 'PP1' },
      { parcel_id: 'X', result: 'not_found', status: null, item_number: null },
      { parcel_id: 'PP2', result: 'unchanged', status: 'ARRIVED', item_number: 'PP2' },
      { parcel_id: 'PP3', result: 'not_allowed', status: 'DELETED', item_number: 'PP3' },
      { parcel_id: 'PP1', result: 'unchanged', status: 'ARRIVED', item_number: 'PP1' },
    ]);
    expect(updatedIds).toEqual([1]);
  });

  it('sends only what arrived', () => {
    const { results, updatedIds } = decideScans(['PP1', 'PP2', 'PP3'], [ship(1, 'CREATED'), ship(2, 'MANIFESTED'), ship(3, 'ARRIVED')], 'SENT');
    expect(results.map((r) => r.result)).toEqual(['not_allowed', 'not_allowed', 'updated']);
    expect(updatedIds).toEqual([3]);
  });

  it('prefers the tracking number when an id is one parcel’s tracking and another’s item number', () => {
    const { results } = decideScans(['PP7'], [ship(7, 'CREATED', null), ship(8, 'CREATED', 'PP7')], 'ARRIVED');
    expect(results[0]).toMatchObject({ result: 'updated', item_number: 'PP8' });
  });
});
