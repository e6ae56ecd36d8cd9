// Builds the whole application (API + static PWA) without listening: tests call it through
// inject, main.ts listens.
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { I18n } from '@lingui/core';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { PublicPagesRenderer } from '#shared/contract/public-pages.ts';
import { installZodMessageIds } from '#shared/contract/zod-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { pgliteClientOf, type Db } from './db/client.ts';
import { limitCounters } from './db/limit-counters.ts';
import { accessTokens } from './features/auth/access-tokens.ts';
import { ACTIVE_CACHE_MS, activeClients } from './features/auth/active-clients.ts';
import { DEFAULT_LOGIN_LIMITS, loginLimiter, type LoginLimits } from './features/auth/login-limiter.ts';
import { oauthRoutes } from './features/auth/oauth.routes.ts';
import { refreshTokenStore } from './features/auth/refresh-tokens.ts';
import { resolveSigningKey } from './features/auth/signing-key.ts';
import { apiReference } from './features/api-reference/api-reference.plugin.ts';
import { adminClientRoutes } from './features/clients/admin-clients.routes.ts';
import { adminAuditRoutes } from './features/audit/admin-audit.routes.ts';
import { adminSetupRoutes } from './features/setup/admin-setup.routes.ts';
import { adminCompanyRoutes } from './features/companies/admin-companies.routes.ts';
import { adminPickupAddressRoutes } from './features/pickup-addresses/admin-pickup-addresses.routes.ts';
import { adminNetworkRoutes } from './features/network/admin-network.routes.ts';
import { pointDirectoryRoutes } from './features/pickup-points/point-directory.routes.ts';
import type { FeedFetchPolicy } from './features/pickup-points/point-feed-fetch.ts';
import { registerFeedJobs } from './features/pickup-points/point-feeds.service.ts';
import { pointFeedRoutes } from './features/pickup-points/point-feeds.routes.ts';
import { configRoutes } from './features/config/config.routes.ts';
import { pickupPointRoutes } from './features/pickup-points/pickup-points.routes.ts';
import { profileCache } from './features/profile/profile-cache.ts';
import { forgetOnAdminWrites } from './http/admin-writes.ts';
import { targetCache } from './features/shipments/target-cache.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { shipmentRoutes } from './features/shipments/shipments.routes.ts';
import { registerImportJobs } from './features/imports/import-job.ts';
import { stopImportReader } from './features/imports/import-reader.ts';
import { importRoutes } from './features/imports/imports.routes.ts';
import { documentRoutes } from './features/documents/documents.routes.ts';
import { renderPool } from './features/documents/render-pool.ts';
import { DEFAULT_HEAVY_WORK_LIMITS, HeavyWork, type HeavyWorkLimits } from './heavy-work.ts';
import { parcelStatusRoutes } from './features/parcel-status/parcel-status.routes.ts';
import { DEFAULT_REPORT_LIMITS, reportRoutes, type ReportLimits } from './features/reports/reports.routes.ts';
import { publicPages } from './features/tracking/public-pages.plugin.ts';
import { trackingFeature } from './features/tracking/tracking.plugin.ts';
import { DEFAULT_WEBHOOK_OPTIONS, type WebhookOptions } from './features/webhooks/webhook-delivery.ts';
import { webhookRoutes } from './features/webhooks/webhooks.routes.ts';
import { startJobQueue, type JobQueueOptions } from './jobs/job-queue.ts';
import { registerPgliteVacuum, type VacuumOptions } from './jobs/pglite-vacuum.ts';
import { registerRetentionJobs, type RetentionOptions } from './jobs/retention.ts';
import { ApiError } from './http-errors.ts';
import { withLogGuards } from './logging.ts';
import { auth } from './plugins/auth.ts';
import { clientErrorHandler, errors, frameworkErrors } from './plugins/errors.ts';
import { idempotency } from './plugins/idempotency.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { sharedRateLimitStore } from './plugins/rate-limit-store.ts';
import { CompanyLimits, type CompanyRateLimits } from './http/company-limits.ts';
import { COMPANY_RATE_LIMITS } from '#shared/domain/rate-limits.ts';
import { Readiness, readinessRoutes } from './plugins/readiness.ts';
import { deferredChildLogger } from './plugins/request-logger.ts';
import { accessLog, accessLogger, requestIdOf } from './plugins/access-log.ts';
import { security } from './plugins/security.ts';
import { bodyDeadline, DEFAULT_TIMEOUTS, serverTimeoutOptions, type Timeouts } from './plugins/timeouts.ts';
import { webApp } from './plugins/web-app.ts';
import { metrics, type MetricsOptions } from './observability/metrics.plugin.ts';
import type { Tracing } from './observability/tracing.ts';

export interface AppOptions {
  db: Db;
  /** TOKEN_SIGNING_KEY; when absent a key kept in the database is used. */
  signingKey?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built PWA; null serves the API only. */
  webRoot?: string | null;
  /** The public tracking pages' renderer (tests: the source module); default: the build's (dist/.ssr). */
  publicPagesRenderer?: PublicPagesRenderer<I18n>;
  loginLimits?: LoginLimits;
  /** Rate-limit counters in the database, shared by every instance on it (default on PostgreSQL), or in this process (default on PGlite). */
  sharedLimits?: boolean;
  /** TRUST_PROXY: false, a number of proxy hops, or the proxies' addresses (never `true`). */
  trustProxy?: false | number | string[];
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** Pickup-point map widgets: parcel-point country -> https URL. */
  pickupWidgets?: Record<string, string>;
  /** pg-boss on the application's database (imports); without it, imports answer 503. */
  jobQueue?: JobQueueOptions;
  /** PUBLIC_URL: the portal's address in the links it hands out; unset: the request's own. */
  publicUrl?: string | undefined;
  /** DATABASE_LISTEN_URL: where the tracking cache LISTENs on PostgreSQL (default: the pool's own address). */
  listenUrl?: string | undefined;
  /** How long an instance trusts a client's enabled state (ms); tests use 0. */
  clientStatusCacheMs?: number;
  /** How long an instance trusts what a new shipment is checked against (ms, target-cache.ts); the API tests use 0 unless they test it. */
  referenceCacheMs?: number;
  /** How partners' pickup-point lists are fetched; tests allow a local http stand-in. */
  pointFeedPolicy?: FeedFetchPolicy;
  /** What the retention jobs keep and when they run (jobs/retention.ts); tests move the schedules out of their way. */
  retention?: Partial<RetentionOptions>;
  /** PGlite's maintenance runs (jobs/pglite-vacuum.ts); tests move the schedules out of their way. */
  vacuum?: Partial<VacuumOptions>;
  /** Shipment reports per account and minute, and written at once per company by this instance. */
  reportLimits?: ReportLimits;
  /** Per-company budgets that replace the defaults of shared/domain/rate-limits.ts (tests). */
  companyRateLimits?: Partial<CompanyRateLimits>;
  /** Heavy work (bulk labels, manifests, import uploads) at once per company on this instance (heavy-work.ts); reports take theirs from reportLimits. */
  heavyWorkLimits?: Partial<HeavyWorkLimits>;
  /** How long a client may take to send its request (plugins/timeouts.ts); tests shorten them. */
  timeouts?: Partial<Timeouts>;
  /** GET /readyz answers 503 once this is drained (main.ts on SIGTERM); default: always ready. */
  readiness?: Readiness;
  /** Webhook delivery (features/webhooks/webhook-delivery.ts): WEBHOOKS_ALLOW_PRIVATE_ADDRESSES; tests shorten the waits. Delivered only with a job queue. */
  webhooks?: Partial<WebhookOptions>;
  /** GET /metrics (METRICS_TOKEN) and whether requests are counted (observability/metrics.plugin.ts); default: 404, nothing counted. */
  metrics?: MetricsOptions;
  /** OpenTelemetry's request spans (observability/tracing.ts's startTracing); default: none. */
  tracing?: Tracing['instrumentation'];
}

/**
 * Fastify's own hop count trusts nobody (it cannot check the peer), so a count becomes "the
 * nearest N addresses are proxies": right for a portal reachable only through its proxies (the
 * README says so); proxy addresses are the stricter setting. Never `true` (left-most entry).
 */
function proxyTrust(setting: AppOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting ?? false;
}

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  installZodMessageIds();
  const { db } = options;
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: withLogGuards(options.logger),
    // A request's logger is made when it first logs (plugins/request-logger.ts).
    childLoggerFactory: deferredChildLogger,
    // One access line per request instead of Fastify's two (plugins/access-log.ts), with the caller's X-Request-Id when safe.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: proxyTrust(options.trustProxy),
    // The SPA and the API share paths like /shipments and /api/v1/shipments/: keep them exact.
    routerOptions: { ignoreTrailingSlash: true },
    // A path that does not decode, or a request the HTTP parser refuses, answers in the error shape, not Fastify's own body.
    frameworkErrors,
    clientErrorHandler,
    ...serverTimeoutOptions(timeouts),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so that every hook and route after it runs inside the request's span.
  if (options.tracing) await app.register(options.tracing.plugin());
  await app.register(accessLog, { logger: accessLogger(options.logger) });
  await app.register(errors);
  // After the error handler: its 401 and 404 answer in the error shape, in the caller's language.
  await app.register(metrics, { ...(options.metrics ?? { collect: false }), db, jobQueue: options.jobQueue !== undefined });
  // Before anything reads a body or a header: slow bodies are cut off, control characters refused.
  await app.register(bodyDeadline, { timeouts });
  await app.register(inputGuard);
  const pickupWidgets = options.pickupWidgets ?? {};
  await app.register(security, { frameOrigins: [...new Set(Object.values(pickupWidgets).map((url) => new URL(url).origin))] });
  // Before compression: it stores and replays the JSON text of create answers.
  await app.register(idempotency, { db });
  // API answers (lists, documents) are compressed on the fly; static files come precompressed.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Bodies are JSON or form-encoded; plain text is refused with 415 rather than parsed.
  app.removeContentTypeParser('text/plain');

  const tokens = accessTokens(await resolveSigningKey(db, options.signingKey));
  const active = activeClients(db, options.clientStatusCacheMs);
  await app.register(auth, { tokens, active });
  // Every limit counts in `counters`: rows shared by the instances on PostgreSQL, memory on PGlite (db/limit-counters.ts).
  const counters = limitCounters(db, options.sharedLimits ?? pgliteClientOf(db) === null);
  app.decorate('limitCounters', counters);
  // Per-company budgets of the endpoints with a `limit` (http/company-limits.ts, README "Rate limits").
  app.decorate('companyLimits', new CompanyLimits(counters, { ...COMPANY_RATE_LIMITS, ...options.companyRateLimits }));
  // Limits are set per route (`config.rateLimit` or `app.rateLimit()`, each with a groupId); over one: 429 in the error shape, with Retry-After.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, 'too_many_requests', serverMessages.tooManyRequests),
    ...(counters.shared ? { store: sharedRateLimitStore(counters) } : {}),
  });

  app.get('/healthz', { config: { public: true } }, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' };
  });
  await app.register(readinessRoutes, { db, readiness: options.readiness ?? new Readiness() });

  // Sessions it ends stop their access tokens at once (the auth plugin asks `active`).
  const refreshTokens = refreshTokenStore(db, active);
  const limiter = loginLimiter(options.loginLimits ?? DEFAULT_LOGIN_LIMITS, counters);
  // Profiles are read once per client and ACTIVE_CACHE_MS; an admin's change made here shows at once (before the admin routes register).
  const profiles = profileCache(db, options.clientStatusCacheMs ?? ACTIVE_CACHE_MS);
  // What a new shipment is checked against (products, pickup addresses, partner routing), likewise.
  const targets = targetCache(options.referenceCacheMs ?? ACTIVE_CACHE_MS);
  forgetOnAdminWrites(app, profiles, targets);
  await app.register(oauthRoutes, { db, tokens, refreshTokens, limiter });
  await app.register(profileRoutes, { db, refreshTokens, limiter, profiles });
  await app.register(adminCompanyRoutes, { db });
  await app.register(adminAuditRoutes, { db });
  await app.register(adminSetupRoutes, { db });
  await app.register(adminPickupAddressRoutes, { db });
  await app.register(adminClientRoutes, { db, active });
  await app.register(adminNetworkRoutes, { db });
  await app.register(pointDirectoryRoutes, { db });
  await app.register(shipmentRoutes, { db, targets });
  const reportLimits = options.reportLimits ?? DEFAULT_REPORT_LIMITS;
  // Slots per company for heavy work; labels and manifests are drawn on the render pool's threads (README note 99).
  const heavyWork = new HeavyWork({ ...DEFAULT_HEAVY_WORK_LIMITS, ...options.heavyWorkLimits, reports: reportLimits.atOnce });
  app.decorate('heavyWork', heavyWork);
  const renderer = renderPool();
  app.addHook('onClose', () => renderer.close());
  await app.register(documentRoutes, { db, renderer, heavyWork });
  await app.register(pickupPointRoutes, { db });
  await app.register(trackingFeature, { db, publicUrl: options.publicUrl, listenUrl: options.listenUrl });
  await app.register(parcelStatusRoutes, { db });
  app.decorate('reportsInProgress', () => heavyWork.inProgress('reports'));
  await app.register(reportRoutes, { db, limits: reportLimits, heavyWork });
  const queue = options.jobQueue ? await startJobQueue(options.jobQueue, app.log) : null;
  const importJobs = queue ? await registerImportJobs(queue, db, app.log) : null;
  if (queue) await registerFeedJobs(queue, db, app.log, options.pointFeedPolicy);
  if (queue) await registerRetentionJobs(queue, db, app.log, options.retention);
  // PostgreSQL's autovacuum does this there.
  if (queue && pgliteClientOf(db) !== null) await registerPgliteVacuum(queue, db, app.log, options.vacuum);
  if (queue) {
    // Stop taking jobs before the database closes; a running import resumes on the next start.
    app.addHook('onClose', async () => {
      await queue.stop({ graceful: true, timeout: 10_000 });
      await stopImportReader();
    });
  }
  await app.register(importRoutes, { db, queue, wake: importJobs?.wake ?? (() => undefined), heavyWork });
  await app.register(pointFeedRoutes, { db, queue });
  await app.register(webhookRoutes, { db, options: { ...DEFAULT_WEBHOOK_OPTIONS, ...options.webhooks }, deliver: queue !== null });
  await app.register(configRoutes, { config: { pickup_widgets: pickupWidgets } });
  // GET /api/openapi.json (generated from the endpoint table) and the reference page GET /api/docs.
  await app.register(apiReference, { publicUrl: options.publicUrl });

  await app.register(publicPages, { root: options.webRoot ?? '', renderer: options.publicPagesRenderer });
  await app.register(webApp, { root: options.webRoot ?? '' });
  return app;
}
