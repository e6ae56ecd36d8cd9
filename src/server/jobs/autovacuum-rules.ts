// When PostgreSQL's autovacuum would vacuum or analyze a table, for PGlite's maintenance job
// (pglite-vacuum.ts), which stands in for it there.

/** A table's counters from pg_stat_user_tables. */
export interface TableActivity {
  schema: string;
  table: string;
  live: number;
  dead: number;
  /** Rows inserted, updated or deleted since the last ANALYZE. */
  modified: number;
  /** Rows inserted since the last VACUUM. */
  inserted: number;
}

export interface TableWork {
  schema: string;
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

// autovacuum_vacuum_threshold / _scale_factor, the insert ones, analyze ones: PostgreSQL 15's defaults.
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_BASE = 1_000;
const INSERT_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

/**
 * What autovacuum would do to each table now, most dead rows first; a large table's VACUUM only
 * at night (its ANALYZE at any time).
 */
export function tablesDue(tables: readonly TableActivity[], night: boolean, largeTableRows: number): TableWork[] {
  const work: Array<TableWork & { dead: number }> = [];
  for (const t of tables) {
    const dueVacuum = t.dead > VACUUM_BASE + VACUUM_SCALE * t.live || t.inserted > INSERT_BASE + INSERT_SCALE * t.live;
    const vacuum = dueVacuum && (night || t.live <= largeTableRows);
    const analyze = t.modified > ANALYZE_BASE + ANALYZE_SCALE * t.live;
    if (vacuum || analyze) work.push({ schema: t.schema, table: t.table, vacuum, analyze, dead: t.dead });
  }
  return work.sort((a, b) => b.dead - a.dead).map(({ dead: _dead, ...rest }) => rest);
}
