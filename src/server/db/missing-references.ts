// A table's foreign keys checked for a set of rows in one statement: what PostgreSQL's per-row
// referential triggers do, for rows written with those triggers off (session_replication_role =
// replica, embedded database only). The keys come from the schema, so a key added to the table
// is checked here too.
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from './client.ts';

/** Names of the foreign keys that some of `table`'s rows matching `where` break (none: []). */
export async function missingReferences(db: Db, table: PgTable, where: SQL): Promise<string[]> {
  const { foreignKeys } = getTableConfig(table);
  const checks = foreignKeys.map((key) => {
    const { columns, foreignColumns, foreignTable } = key.reference();
    if (columns.length !== 1 || foreignColumns.length !== 1) throw new Error(`${key.getName()}: only single-column keys are checked`);
    const column = sql.identifier(columns[0]!.name);
    return sql`select ${key.getName()} as key from (select distinct ${column} as value from ${table} where ${where}) d
                where d.value is not null
                  and not exists (select 1 from ${sql.identifier(getTableName(foreignTable))} r where r.${sql.identifier(foreignColumns[0]!.name)} = d.value)`;
  });
  if (checks.length === 0) return [];
  const rows = await queryRows<{ key: string }>(db, sql.join(checks, sql` union all `));
  return rows.map((row) => row.key);
}

/**
 * Names of the foreign keys that `rows` (just written into `table`, as the application holds
 * them) break: the distinct values of each key column are checked, not the table's rows, so
 * the check costs a few index probes whatever the number of rows.
 */
export async function missingReferencesOf(db: Db, table: PgTable, rows: ReadonlyArray<Record<string, unknown>>): Promise<string[]> {
  const { foreignKeys } = getTableConfig(table);
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column, key]));
  const checks: SQL[] = [];
  for (const key of foreignKeys) {
    const { columns, foreignColumns, foreignTable } = key.reference();
    if (columns.length !== 1 || foreignColumns.length !== 1) throw new Error(`${key.getName()}: only single-column keys are checked`);
    const column = columns[0]!;
    const field = keyOf.get(column)!;
    const values = new Set<unknown>();
    for (const row of rows) if (row[field] !== null && row[field] !== undefined) values.add(row[field]);
    if (values.size === 0) continue;
    const type = sql.raw(column.getSQLType());
    const list = sql.join([...values].map((value) => sql`(${value}::${type})`), sql`, `);
    checks.push(sql`select ${key.getName()} as key from (values ${list}) d(value)
                     where not exists (select 1 from ${sql.identifier(getTableName(foreignTable))} r where r.${sql.identifier(foreignColumns[0]!.name)} = d.value)`);
  }
  if (checks.length === 0) return [];
  const found = await queryRows<{ key: string }>(db, sql.join(checks, sql` union all `));
  return [...new Set(found.map((row) => row.key))];
}
