// Production entry: reads the settings, opens and migrates the database, seeds demo data into an
// empty one (both under the database's start-up lock, so that several instances may start at
// once), serves the API and the built PWA on one port, and shuts down gracefully: on SIGTERM or
// SIGINT /readyz answers 503 at once, then (after SHUTDOWN_DELAY_SECONDS) the listener closes,
// the requests in flight finish, the job queue hands back its jobs (a running import after its
// current chunk), the database pool closes and the process exits; after SHUTDOWN_TIMEOUT_SECONDS
// it exits anyway, with status 1.
import { hostname } from 'node:os';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp } from './app.ts';
import { logDestination } from './log-destination.ts';
import { openDatabase } from './db/client.ts';
import { demoDataWarning } from './db/demo-warning.ts';
import { DEMO_ACCOUNTS, DEMO_PARTNER_KEY, seedDemo } from './db/seed-demo.ts';
import { parseEnv, pickupWidgets } from './env.ts';
import { fromRoot } from './paths.ts';
import { Readiness } from './plugins/readiness.ts';
import { listenForMetrics } from './observability/metrics-listener.ts';
import { startTracing } from './observability/tracing.ts';

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  // Before the database and the app: their statements and requests find the provider in place.
  const tracing =
    env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
      ? startTracing(new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }), { 'service.name': env.OTEL_SERVICE_NAME, 'service.instance.id': `${hostname()}:${env.PORT}` })
      : null;

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    // pg_stat_activity names the instance each connection belongs to.
    applicationName: `portal ${hostname()}:${env.PORT}`.slice(0, 63),
  });
  // The demo also gets a few parcels with whole tracking timelines (depot scans, partner events).
  const seeded = await database.migrate((db) => (env.SEED_DEMO ? seedDemo(db, { shipments: true }) : Promise.resolve(false)));
  if (seeded) {
    console.log('Demo data seeded. Demo-only accounts (never use them in production):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.clientId.padEnd(12)} / ${a.secret.padEnd(20)} (${a.role})`);
    console.log(`  partner feed key ${DEMO_PARTNER_KEY.id} / ${DEMO_PARTNER_KEY.secret} (${DEMO_PARTNER_KEY.partner})`);
  }

  // A real installation must not keep the README's demo credentials: say so at every start.
  const demoWarning = await demoDataWarning(database.db, env.DATABASE_URL === undefined);

  const readiness = new Readiness();
  const app = await createApp({
    db: database.db,
    signingKey: env.TOKEN_SIGNING_KEY,
    logger: { level: env.LOG_LEVEL, stream: logDestination() },
    webRoot: `${fromRoot('dist')}/`,
    trustProxy: env.TRUST_PROXY,
    pickupWidgets: pickupWidgets(env),
    jobQueue: database.jobQueue,
    publicUrl: env.PUBLIC_URL,
    listenUrl: env.DATABASE_LISTEN_URL,
    webhooks: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES ?? false },
    readiness,
    tracing: tracing?.instrumentation,
    metrics: { token: env.METRICS_TOKEN, collect: env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined },
  });

  if (demoWarning) app.log.warn(demoWarning);

  const shutdown = async (signal: string) => {
    if (readiness.draining) return;
    readiness.drain();
    app.log.info({ signal, delaySeconds: env.SHUTDOWN_DELAY_SECONDS, timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'draining: /readyz answers 503');
    const force = setTimeout(() => {
      app.log.error({ timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS: exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
    let status = 0;
    try {
      // Still serving, so that a balancer polling /readyz takes this instance out first.
      if (env.SHUTDOWN_DELAY_SECONDS > 0) await sleep(env.SHUTDOWN_DELAY_SECONDS * 1000);
      // Stops listening (a balancer's next connection is refused and goes to another instance),
      // waits for the requests in flight, then stops the job queue (app.ts's onClose).
      await app.close();
      await database.close();
      // The spans still buffered leave before the process does.
      await tracing?.shutdown();
      app.log.info('stopped');
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      status = 1;
    } finally {
      clearTimeout(force);
      process.exit(status);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // Loopback only, closed with the process; a port already taken stops the start (a scrape must not go to someone else).
  if (env.METRICS_PORT !== undefined) await listenForMetrics(env.METRICS_PORT).then((server) => server.unref());
  console.log(`Portal listening on http://localhost:${env.PORT} (database: ${database.kind === 'pglite' ? `PGlite in ${env.DATA_DIR}` : 'PostgreSQL'})`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
