// A fresh application on a fresh database for each API test file: in-memory PGlite by default,
// or a throw-away database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs both).
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type AppOptions } from '#server/app.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { refreshTokens } from '#server/db/schema.ts';
import { seedDemo } from '#server/db/seed-demo.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from '#server/features/auth/refresh-tokens.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The migrated template (tests/setup/database-template.ts), read once per file. */
async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : undefined;
}

async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = await pgliteTemplate();
    return { database: await openPglite(undefined, template ? { loadDataDir: template } : {}), drop: async () => {} };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template (tests/setup/database-template.ts) when there is one.
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: openPostgres(url.toString()),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** `jobs: true` starts the job queue (imports) on the test database; other tests skip its start-up. */
export async function createTestApp(options: Partial<AppOptions> & { seed?: boolean; jobs?: boolean } = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await database.migrate();
  const { seed, jobs, ...appOptions } = options;
  if (seed !== false) await seedDemo(database.db);
  // The reference cache (target-cache.ts) off unless a test asks for it: many tests change
  // products, addresses or routing in the database directly, which no admin write announces.
  const app = await createApp({ db: database.db, webRoot: null, referenceCacheMs: 0, ...(jobs ? { jobQueue: database.jobQueue } : {}), ...appOptions });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** Signs in through the real endpoint; answers the token and the refresh cookie. */
export async function signIn(app: FastifyInstance, clientId: string, secret: string) {
  const res = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'refresh_token');
  return { token: (res.json() as { access_token: string }).access_token, refreshCookie: cookie?.value ?? '' };
}

/** The demo accounts of the seed with their secrets and roles. */
export const DEMO = {
  admin: { clientId: 'demo-admin', secret: 'demo-admin-secret', role: 'ADMIN' },
  user: { clientId: 'demo-user', secret: 'demo-user-secret', role: 'USER' },
  user2: { clientId: 'demo-user-2', secret: 'demo-user-2-secret', role: 'USER' },
} as const;

/** POST /oauth/token with the client_credentials grant; answers the raw response. */
export function requestToken(app: FastifyInstance, clientId: unknown, secret: unknown, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** POST /oauth/token with the refresh_token grant, presenting `cookie` as the refresh cookie. */
export function refreshWith(app: FastifyInstance, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'refresh_token' },
    ...(cookie === undefined ? {} : { cookies: { refresh_token: cookie } }),
  });
}

/** The refresh cookie a response set, if any. */
export function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'refresh_token');
}

/** The hash under which the refresh-token store keeps a token (SHA-256, base64url). */
export function refreshTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Moves a used refresh token's rotation back past the grace for retries (REFRESH_REUSE_GRACE_SECONDS):
 * from now on its reuse is a copy's, which ends its session.
 */
export async function rotatedLongAgo(t: TestApp, cookie: string): Promise<void> {
  const usedAt = new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 5) * 1000);
  await t.database.db.update(refreshTokens).set({ usedAt }).where(eq(refreshTokens.tokenHash, refreshTokenHash(cookie)));
}
