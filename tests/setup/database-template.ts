// The API tests' database template (vitest globalSetup of the `api` project). Every test file
// starts on a fresh database: on PGlite, made by initdb and 25 migrations, 3.5–5 s a file on a
// loaded 2-core machine (93 databases a run). The template is migrated once here; each file then
// starts from a copy and runs the migrator, which finds nothing left to do. The migrations
// themselves still run, here, once a run.
// - PGlite: the template is dumped to a file; a file's database loads it (~1.2 s).
// - PostgreSQL (TEST_DATABASE_URL): a template database; a file's database is `CREATE DATABASE
//   … TEMPLATE` of it, PostgreSQL's own copy.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, pgliteClientOf } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump of a migrated database (a file path), or '' on PostgreSQL. */
    pgliteTemplate: string;
    /** The migrated template database on PostgreSQL, or '' on PGlite. */
    postgresTemplate: string;
  }
}

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(project: TestProject, adminUrl: string) {
  const name = `portal_test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await database.migrate();
  // A template must have no connection while it is copied.
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return postgresTemplate(project, adminUrl);
  project.provide('postgresTemplate', '');
  const database = await openPglite();
  await database.migrate();
  const client = pgliteClientOf(database.db) as unknown as { dumpDataDir(compression: 'none'): Promise<Blob> };
  const dump = await client.dumpDataDir('none');
  await database.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-template-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
