// Security headers with a strict Content-Security-Policy: everything from our own origin, no
// inline script. Styles set through the CSSOM (React's style prop) are not affected by style-src.
// 'wasm-unsafe-eval' lets the scan page compile its own barcode reader (ZXing WebAssembly, served
// from /assets) where the browser has no BarcodeDetector; it allows no JavaScript eval.
// No page may frame the portal: CSP frame-ancestors 'none' and, for browsers that only know the
// older header, X-Frame-Options: DENY say the same. The headers are one fixed set for every
// answer, built once at start and set by one hook.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Powerful features nothing in the portal uses: refused to the page and to any frame in it. */
const DENIED_FEATURES = [
  'accelerometer',
  'bluetooth',
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
  'web-share',
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

/** The Content-Security-Policy, directive by directive. */
function contentSecurityPolicy(frameOrigins: string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only the configured pickup-point map widgets may be framed.
    'frame-src': frameOrigins.length > 0 ? frameOrigins : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/**
 * The headers every answer carries, worked out once: the Content-Security-Policy above, the
 * Permissions-Policy, and what helmet adds by default (cross-origin isolation left off: same-origin
 * API and assets only; HSTS for 180 days with subdomains; framing denied). These are the exact
 * values @fastify/helmet sent with this file's options; it built them anew on every request
 * (issue 19: a tenth of the time of a static file).
 */
export function securityHeaders(frameOrigins: string[]): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(frameOrigins),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=15552000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': permissionsPolicy(frameOrigins),
  };
}

async function securityPlugin(app: FastifyInstance, { frameOrigins = [] }: { frameOrigins?: string[] }) {
  const headers = securityHeaders(frameOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
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
