import { describe, expect, it } from 'vitest';
import { tablesDue, type TableActivity } from './autovacuum-rules.ts';

const table = (name: string, counts: Partial<Omit<TableActivity, 'schema' | 'table'>>): TableActivity => ({ schema: 'public', table: name, live: 0, dead: 0, modified: 0, inserted: 0, ...counts });

describe("PGlite's autovacuum rules", () => {
  it('vacuums a table whose dead rows pass 50 + 20 % of its live ones, most dead first', () => {
    const due = tablesDue([table('quiet', { live: 1_000, dead: 250 }), table('churned', { live: 1_000, dead: 251 }), table('keys', { live: 10, dead: 5_000 })], false, 100_000);
    expect(due.map((t) => [t.table, t.vacuum])).toEqual([
      ['keys', true],
      ['churned', true],
    ]);
  });

  it('vacuums after many inserts (the visibility map of an append-only table) and analyzes after 50 + 10 % changed rows', () => {
    expect(tablesDue([table('events', { live: 10_000, inserted: 3_001 })], false, 100_000)).toEqual([{ schema: 'public', table: 'events', vacuum: true, analyze: false }]);
    expect(tablesDue([table('shipments', { live: 10_000, modified: 1_051 })], false, 100_000)).toEqual([{ schema: 'public', table: 'shipments', vacuum: false, analyze: true }]);
    expect(tablesDue([table('shipments', { live: 10_000, modified: 1_050, dead: 2_050, inserted: 3_000 })], false, 100_000)).toEqual([]);
  });

  it("leaves a large table's vacuum to the night but analyzes it whenever due", () => {
    const large = table('shipments', { live: 1_000_000, dead: 300_000, modified: 300_000 });
    expect(tablesDue([large], false, 100_000)).toEqual([{ schema: 'public', table: 'shipments', vacuum: false, analyze: true }]);
    expect(tablesDue([large], true, 100_000)).toEqual([{ schema: 'public', table: 'shipments', vacuum: true, analyze: true }]);
  });
});
