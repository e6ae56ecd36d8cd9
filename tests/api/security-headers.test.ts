// The security headers (plugins/security.ts), built once at start: exactly the values that
// @fastify/helmet sent with the portal's options before, on every kind of answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '#server/plugins/security.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

/** What @fastify/helmet 13 (helmet 8) sent, recorded from the server before issue 19. */
const HELMET = {
  'content-security-policy':
    "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';frame-src 'none'",
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
  'permissions-policy':
    'camera=(self), geolocation=(self), accelerometer=(), browsing-topics=(), display-capture=(), gyroscope=(), hid=(), idle-detection=(), local-fonts=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), window-management=(), xr-spatial-tracking=()',
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  it.each([
    ['a JSON answer', '/healthz', 200],
    ['a 401', '/api/v1/profile', 401],
    ['an unknown API address', '/api/v1/nothing', 404],
    ['an unknown page', '/nothing', 404],
  ])('are the same fixed set on %s', async (_kind, url, status) => {
    const res = await t.app.inject({ url });

    expect(res.statusCode).toBe(status);
    for (const [name, value] of Object.entries(HELMET)) if (name !== 'strict-transport-security') expect(res.headers[name], name).toBe(value);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('send Strict-Transport-Security only over https, never over plain http (issue 30)', async () => {
    expect((await t.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    // Behind a trusted proxy, the scheme the visitor used is the proxy's X-Forwarded-Proto.
    const proxied = await createTestApp({ seed: false, trustProxy: 1 });
    try {
      const overHttps = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      const overHttp = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      const untrusted = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });

      expect(overHttps.headers['strict-transport-security']).toBe(HELMET['strict-transport-security']);
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
      expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('let the configured pickup-point map widgets be framed and ask for the location', () => {
    const headers = securityHeaders(['https://widget.example']);

    expect(headers['content-security-policy']).toBe(HELMET['content-security-policy'].replace("frame-src 'none'", 'frame-src https://widget.example'));
    expect(headers['permissions-policy']).toContain('geolocation=(self "https://widget.example")');
  });

  it('say no-store on every API and OAuth answer, errors included, and nothing of it on others', async () => {
    expect((await t.app.inject({ url: '/api/v1/profile' })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'POST', url: '/oauth/token', payload: {} })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/healthz' })).headers['cache-control']).toBeUndefined();
  });
});
