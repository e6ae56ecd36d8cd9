// A table's foreign keys checked for a set of rows in one statement: what PostgreSQL's per-row
// referential triggers do, for rows written with those triggers off (session_replication_role =
// replica, embedded database only). The keys come from the schema, so a key added to the table
// is checked here too.
import { getTableName, sql, type SQL } from 'drizzle-orm';
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
