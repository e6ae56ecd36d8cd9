// Production entry: reads the settings, opens and migrates the database, seeds demo data into an
// empty one, serves the API and the built PWA on one port, and shuts down gracefully.
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PARTNER_KEY, seedDemo } from './db/seed-demo.ts';
import { parseEnv, pickupWidgets } from './env.ts';

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  // The demo also gets a few parcels with whole tracking timelines (depot scans, partner events).
  if (env.SEED_DEMO && (await seedDemo(database.db, { shipments: true }))) {
    console.log('Demo data seeded. Demo-only accounts (never use them in production):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.clientId.padEnd(12)} / ${a.secret.padEnd(20)} (${a.role})`);
    console.log(`  partner feed key ${DEMO_PARTNER_KEY.id} / ${DEMO_PARTNER_KEY.secret} (${DEMO_PARTNER_KEY.partner})`);
  }

  const app = await createApp({
    db: database.db,
    signingKey: env.TOKEN_SIGNING_KEY,
    logger: { level: env.LOG_LEVEL },
    webRoot: fileURLToPath(new URL('../../dist/', import.meta.url)),
    trustProxy: env.TRUST_PROXY,
    pickupWidgets: pickupWidgets(env),
    jobQueue: database.jobQueue,
    publicUrl: env.PUBLIC_URL,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`Portal listening on http://localhost:${env.PORT} (database: ${database.kind === 'pglite' ? `PGlite in ${env.DATA_DIR}` : 'PostgreSQL'})`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
