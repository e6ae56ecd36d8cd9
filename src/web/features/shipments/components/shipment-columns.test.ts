import { describe, expect, it } from 'vitest';
import { defaultShipmentColumns, parseStoredColumns } from './shipment-columns.ts';

describe('shipment table columns', () => {
  it('shows fewer columns on a tablet than on an office screen, and the company only to admins', () => {
    expect(defaultShipmentColumns(false, false)).toEqual(['tracking', 'receiver', 'status', 'created']);
    expect(defaultShipmentColumns(false, true)).toEqual(['tracking', 'receiver', 'status', 'created']);
    expect(defaultShipmentColumns(true, false)).toEqual(['tracking', 'reference', 'receiver', 'status', 'delivery', 'created']);
    expect(defaultShipmentColumns(true, true)).toContain('company');
  });

  it("reads the user's stored choice in table order, ignoring unknown names and broken values", () => {
    expect(parseStoredColumns('["status","tracking","nonsense"]')).toEqual(['tracking', 'status']);
    expect(parseStoredColumns('[]')).toEqual([]);
    expect(parseStoredColumns('{"a":1}')).toBeNull();
    expect(parseStoredColumns('not json')).toBeNull();
    expect(parseStoredColumns(null)).toBeNull();
  });
});
