// npm run backup [-- --out FILE]: a backup of the embedded database in DATA_DIR (./data), as one
// .tar.gz (default backups/portal-<date>-<time>.tar.gz). The server must be stopped (SIGTERM; it
// finishes its requests and leaves the folder clean); the script refuses while it runs and says
// so. The backup is opened and counted before it is written. PostgreSQL (DATABASE_URL): use
// pg_dump, see README "Backups".
import { parseArgs } from 'node:util';
import { backupDataDir } from '#server/db/backup.ts';
import { parseEnv } from '#server/env.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const env = parseEnv();
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: this database is PostgreSQL. Back it up with pg_dump (README, "Backups").');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const started = performance.now();
try {
  const result = await backupDataDir(env.DATA_DIR, values.out ?? `backups/portal-${stamp}.tar.gz`);
  console.log(
    `Backup of ${env.DATA_DIR} written to ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `checked: it opens and holds ${result.shipments} shipments, ${result.companies} companies, ${result.clients} clients (schema of ${result.migratedAt ?? 'none'}).`,
  );
} catch (error) {
  console.error(`No backup: ${(error as Error).message}`);
  process.exit(1);
}
