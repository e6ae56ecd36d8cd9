import { describe, expect, it } from 'vitest';
import type { ParcelStatusResult } from '#shared/contract/parcel-status.ts';
import { PARCEL_STATUS_MAX_IDS } from '#shared/domain/limits.ts';
import type { ScanRow } from '#web/offline/db.ts';
import { freshQueueFields } from '#web/offline/outbox-states.ts';
import { canJoinScan, combineScans, splitScanResults } from './scan-merge.ts';

const MINUTE = Date.UTC(2026, 10, 2, 8, 15, 0);
let nextId = 1;
function press(status: ScanRow['status'], parcelIds: string[], scannedAt: number): ScanRow {
  return { id: nextId++, clientId: 'c', status, parcelIds, scannedAt, idempotencyKey: `key-${nextId}`, ...freshQueueFields(scannedAt) };
}
const result = (parcel_id: string, outcome: ParcelStatusResult['result'] = 'updated'): ParcelStatusResult => ({ parcel_id, result: outcome, status: 'ARRIVED', item_number: parcel_id });

describe('which presses merge', () => {
  it('the same status in the same minute, up to the route’s 1,000 ids', () => {
    const first = press('ARRIVED', ['A1'], MINUTE + 5_000);
    expect(canJoinScan([first], press('ARRIVED', ['A2'], MINUTE + 59_999))).toBe(true);
    expect(canJoinScan([first], press('SENT', ['A2'], MINUTE + 6_000))).toBe(false);
    expect(canJoinScan([first], press('ARRIVED', ['A2'], MINUTE + 60_000))).toBe(false);
    expect(canJoinScan([first], press('ARRIVED', ['A2'], MINUTE - 1))).toBe(false);
    const full = Array.from({ length: PARCEL_STATUS_MAX_IDS - 1 }, (_, i) => `M${i}`);
    expect(canJoinScan([first], press('ARRIVED', full, MINUTE + 6_000))).toBe(true);
    expect(canJoinScan([first], press('ARRIVED', [...full, 'ONE-TOO-MANY'], MINUTE + 6_000))).toBe(false);
  });
});

describe('the merged request', () => {
  it('carries the ids in press order, the earliest press time and the batch key', () => {
    const rows = [press('SENT', ['A1', 'A2'], MINUTE + 3_000), press('SENT', ['A3'], MINUTE + 1_000), press('SENT', ['A4'], MINUTE + 9_000)];
    expect(combineScans(rows, 'batch-key')).toMatchObject({ status: 'SENT', parcelIds: ['A1', 'A2', 'A3', 'A4'], scannedAt: MINUTE + 1_000, idempotencyKey: 'batch-key' });
  });

  it('gives each press the answers of its own ids, in its order; an id without an answer is left out', () => {
    const rows = [press('ARRIVED', ['B2', 'A1'], MINUTE), press('ARRIVED', ['C3'], MINUTE), press('ARRIVED', ['D4'], MINUTE)];
    const answer = [result('A1'), result('B2', 'unchanged'), result('C3', 'not_found')];
    expect(splitScanResults(answer, rows)).toEqual([[result('B2', 'unchanged'), result('A1')], [result('C3', 'not_found')], []]);
  });
});
