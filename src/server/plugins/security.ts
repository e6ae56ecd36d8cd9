// Security headers with a strict Content-Security-Policy: everything from our own origin, no
// inline script. Styles set through the CSSOM (React's style prop) are not affected by style-src.
// 'wasm-unsafe-eval' lets the scan page compile its own barcode reader (ZXing WebAssembly, served
// from /assets) where the browser has no BarcodeDetector; it allows no JavaScript eval.
// No page may frame the portal: CSP frame-ancestors 'none' and, for browsers that only know the
// older header, X-Frame-Options: DENY say the same. The headers are one fixed set for every
// answer, built once at start and set by one hook; Strict-Transport-Security only goes with
// answers over https (the scheme as Fastify reads it, X-Forwarded-Proto only with TRUST_PROXY):
// over plain http a browser ignores it, and sent there it tells about a scheme not in use.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';

/**
 * Powerful features nothing in the portal uses: refused to the page and to any frame in it. Only
 * names Chromium recognises: an unknown one (bluetooth, web-share) refuses nothing and puts a
 * warning in every page's console (tests/e2e/api-docs.spec.ts).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'display-capture',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];

/**
 * Permissions-Policy of the portal's pages. The app is one document whatever its path (a route
 * change does not load a new page), so the camera is allowed to the portal itself (the scan page
 * reads barcodes with it) and to no frame; the location to the portal (pickup points by distance)
 * and to the pickup-point map widgets it frames; everything else it does not use is refused.
 */
export function permissionsPolicy(frameOrigins: string[]): string {
  const allow = (origins: string[]) => `(${['self', ...origins.map((origin) => `"${origin}"`)].join(' ')})`;
  return [`camera=${allow([])}`, `geolocation=${allow(frameOrigins)}`, ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(', ');
}

/** helmet's options: a strict CSP of our own origin, and helmet's defaults for the rest. */
function helmetOptions(frameOrigins: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only the configured pickup-point map widgets may be framed.
        frameSrc: frameOrigins.length > 0 ? frameOrigins : ["'none'"],
      },
    },
    // Same-origin API and assets only; nothing here needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    frameguard: { action: 'deny' },
  };
}

/**
 * The headers every answer carries, worked out once at start: helmet (the library @fastify/helmet
 * wraps) run a single time against a recording response, plus the Permissions-Policy. The headers
 * depend on the options only, never on the request, and @fastify/helmet rebuilt them on every
 * request (issue 19: a tenth of the time of a static file).
 */
export function securityHeaders(frameOrigins: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(helmetOptions(frameOrigins))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  headers['permissions-policy'] = permissionsPolicy(frameOrigins);
  return headers;
}

async function securityPlugin(app: FastifyInstance, { frameOrigins = [] }: { frameOrigins?: string[] }) {
  const { 'strict-transport-security': hsts, ...headers } = securityHeaders(frameOrigins);
  const overHttps = hsts ? { ...headers, 'strict-transport-security': hsts } : headers;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? overHttps : headers);
    done();
  });

  // No cache (browser, proxy, CDN) keeps an API answer: lists, details, profile, labels,
  // manifests, import results, exports and reports hold personal data, and a public tracking
  // answer holds a postcode once one is asked for. One rule for every /api and /oauth answer,
  // errors included, applied last (onSend) so that no route can weaken it; the web app's static
  // files keep their own caching (plugins/web-app.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.routeOptions.url ?? request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

const isApiPath = (path: string) => path.startsWith('/api/') || path === '/api' || path.startsWith('/oauth/');

export const security = fp(securityPlugin, { name: 'security' });
