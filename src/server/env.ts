// The only reader of process.env: settings are parsed once with zod so that a bad value
// stops the server at start with a message naming the setting.
import { isIP } from 'node:net';
import * as z from 'zod/mini';

/** 0/1, true/false or yes/no; unset stays undefined, so that the default can depend on other settings. */
const flag = z.pipe(
  z.optional(z.enum(['0', '1', 'true', 'false', 'yes', 'no'], { error: 'must be one of 0, 1, true, false, yes, no' })),
  z.transform((v) => (v === undefined ? undefined : v === '1' || v === 'true' || v === 'yes')),
);

// TRUST_PROXY: how much of X-Forwarded-* to believe. Off unless set; a number of proxy hops in
// front of the portal, or the proxies' addresses/CIDRs (comma-separated). Never `true`: Fastify
// would then take the left-most X-Forwarded-For entry, which any client writes itself.
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (part: string) => {
  const [address = '', bits, ...rest] = part.trim().split('/');
  const family = isIP(address);
  if (PROXY_RANGES.has(address) && bits === undefined) return true;
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
const trustProxy = z.pipe(
  z.optional(
    z.string().check(
      z.refine(
        (v) => /^(0|false|no|[1-9]\d?)$/.test(v) || v.split(',').every(isProxyAddress),
        'must be the number of proxies in front of the portal (1-99) or their addresses (comma-separated IPs or CIDRs); 0 or unset: off',
      ),
    ),
  ),
  z.transform((v): false | number | string[] => {
    if (v === undefined || v === '0' || v === 'false' || v === 'no') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((part) => part.trim());
  }),
);

/** A whole number from `min` to `max`, with its default. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z._default(
    z.coerce.number({ error: `must be a whole number from ${min} to ${max}` }).check(
      z.int({ error: 'must be a whole number' }),
      z.gte(min, { error: `must be at least ${min}` }),
      z.lte(max, { error: `must be at most ${max}` }),
    ),
    fallback,
  );

const widgetUrl = z.optional(z.url({ protocol: /^https$/, error: 'must be an https:// URL' }));

const envSchema = z.object({
  PORT: z._default(
    z.coerce.number({ error: 'must be a port number from 1 to 65535' }).check(
      z.int({ error: 'must be a whole number' }),
      z.gte(1, { error: 'must be at least 1' }),
      z.lte(65535, { error: 'must be at most 65535' }),
    ),
    8080,
  ),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  DATABASE_URL: z.optional(
    z.string().check(z.refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')),
  ),
  // PostgreSQL only. Connections of the application's pool per instance (pg-boss keeps 4 more), at
  // least 2: the start-up lock holds one while the migrations and the seed use another.
  DATABASE_POOL_MAX: wholeNumber(2, 1000, 10),
  // PostgreSQL only. statement_timeout of the application's connections in ms, sent as a start-up
  // parameter of each connection; 0 (default): none sent, the role's or the server's own applies.
  // PgBouncer refuses the parameter: behind it, set the timeout on the role instead.
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, 86_400_000, 0),
  // PostgreSQL only. Where the tracking cache's LISTEN connection goes when DATABASE_URL names a
  // transaction-pooling PgBouncer, which cannot carry LISTEN: a direct or session-mode address of
  // the same database. Unset: DATABASE_URL.
  DATABASE_LISTEN_URL: z.optional(
    z.string().check(z.refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')),
  ),
  // Graceful shutdown (SIGTERM/SIGINT): seconds /readyz answers 503 while still serving before the
  // listener closes (for balancers that only learn from health checks), then at most this many
  // seconds for the requests, the current import chunk and the job queue to finish before the
  // process exits anyway (exit status 1).
  SHUTDOWN_DELAY_SECONDS: wholeNumber(0, 300, 0),
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(1, 3600, 30),
  // Demo data (public demo accounts) into an empty database. Unset: only on the embedded database
  // outside production (`npm start` on a laptop); a PostgreSQL that DATABASE_URL names, or
  // NODE_ENV=production, gets it only with an explicit SEED_DEMO=1 (README note 98).
  SEED_DEMO: flag,
  NODE_ENV: z.optional(z.string()),
  TOKEN_SIGNING_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  LOG_LEVEL: z._default(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }),
    'info',
  ),
  TRUST_PROXY: trustProxy,
  // GET /metrics on the main port answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset: 404 there.
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'), z.regex(/^\S+$/, 'must not contain spaces'))),
  // GET /metrics without a token on this port of 127.0.0.1 only (a Prometheus or an agent on the same host); unset: off.
  // OpenTelemetry traces over OTLP/HTTP: on when either endpoint is set. The exporter itself reads
  // these and the other OTEL_EXPORTER_OTLP_* settings (headers, timeout, compression).
  OTEL_EXPORTER_OTLP_ENDPOINT: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  OTEL_SERVICE_NAME: z._default(z.string().check(z.minLength(1)), 'parcel-portal'),
  METRICS_PORT: z.optional(
    z.coerce.number({ error: 'must be a port number from 1 to 65535' }).check(
      z.int({ error: 'must be a whole number' }),
      z.gte(1, { error: 'must be at least 1' }),
      z.lte(65535, { error: 'must be at most 65535' }),
    ),
  ),
  // The portal's public address for links it hands out (tracking links); unset: the request's own.
  PUBLIC_URL: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  // Webhook receivers (and only they) may be plain http:// and on private, loopback or this host's
  // addresses: for receivers inside an on-premise installation's own network, and tests. Off by
  // default: deliveries then go only to public https addresses (README "Webhooks").
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: flag,
  // Third-party pickup-point map widgets per parcel-point country (https URLs).
  PICKUP_WIDGET_URL_CZ: widgetUrl,
  PICKUP_WIDGET_URL_SK: widgetUrl,
  PICKUP_WIDGET_URL_PL: widgetUrl,
  PICKUP_WIDGET_URL_HU: widgetUrl,
});

export type Env = Omit<z.infer<typeof envSchema>, 'SEED_DEMO'> & { SEED_DEMO: boolean };

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Behind a proxy the request's own host is the proxy's word: links handed out come from PUBLIC_URL.
  if (result.data.TRUST_PROXY !== false && !result.data.PUBLIC_URL) {
    throw new Error('Invalid configuration:\n  PUBLIC_URL: required when TRUST_PROXY is set (links must not come from forwarded headers)');
  }
  const { SEED_DEMO, ...settings } = result.data;
  return { ...settings, SEED_DEMO: SEED_DEMO ?? (settings.DATABASE_URL === undefined && settings.NODE_ENV !== 'production') };
}

/** The configured pickup-point widgets: country -> URL. */
export function pickupWidgets(env: Env): Record<string, string> {
  const entries: Array<[string, string | undefined]> = [
    ['CZ', env.PICKUP_WIDGET_URL_CZ],
    ['SK', env.PICKUP_WIDGET_URL_SK],
    ['PL', env.PICKUP_WIDGET_URL_PL],
    ['HU', env.PICKUP_WIDGET_URL_HU],
  ];
  return Object.fromEntries(entries.filter((e): e is [string, string] => e[1] !== undefined));
}
