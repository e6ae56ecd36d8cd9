// npm run restore -- FILE [--data-dir DIR]: unpacks a backup made by `npm run backup` into DIR
// (default DATA_DIR, ./data), which must not exist or be empty: a restore never overwrites a
// database. Then start the server on that folder (it applies newer migrations itself).
import { parseArgs } from 'node:util';
import { restoreDataDir } from '#server/db/backup.ts';
import { parseEnv } from '#server/env.ts';

const { values, positionals } = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--data-dir DIR]');
  process.exit(2);
}
const env = parseEnv();
if (env.DATABASE_URL && !values['data-dir']) {
  console.error('DATABASE_URL is set: this database is PostgreSQL. Restore it with pg_restore or psql (README, "Backups").');
  process.exit(2);
}
const dataDir = values['data-dir'] ?? env.DATA_DIR;
const started = performance.now();
try {
  const result = await restoreDataDir(positionals[0]!, dataDir);
  console.log(
    `Restored ${positionals[0]} into ${dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${result.shipments} shipments, ${result.companies} companies, ${result.clients} clients ` +
      `(schema of ${result.migratedAt ?? 'none'}). Start the server with DATA_DIR=${dataDir}.`,
  );
} catch (error) {
  console.error(`Not restored: ${(error as Error).message}`);
  process.exit(1);
}
