// Request ids and the access log (issue 30, README note 107): every answer carries X-Request-Id
// (the caller's when safe, else a new UUID), and each request writes one access line with that id,
// its route, status, time and bytes, and never its query string (postal codes travel there).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

type Line = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function logged(level: string) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { lines, logger: { level, stream } };
}

describe('at the default level (info)', () => {
  let t: TestApp;
  const log = logged('info');

  beforeAll(async () => {
    t = await createTestApp({ logger: log.logger });
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('echoes a safe X-Request-Id and logs it on the one access line, without the query string', async () => {
    log.lines.length = 0;
    const res = await t.app.inject({ url: '/api/v1/shipments/track?tracking_number=CP000000000SK&zip=917%2001', headers: { 'x-request-id': 'shop-4711.order-88' } });
    expect(res.headers['x-request-id']).toBe('shop-4711.order-88');
    const access = log.lines.filter((line) => line.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ reqId: 'shop-4711.order-88', method: 'GET', route: '/api/v1/shipments/track', path: '/api/v1/shipments/track', status: res.statusCode, ip: '127.0.0.1' });
    expect(typeof access[0]!.ms).toBe('number');
    // Only what differs from line to line: no pid or hostname repeated on each.
    expect(Object.keys(access[0]!).sort()).toEqual(['bytes', 'ip', 'level', 'method', 'ms', 'msg', 'path', 'reqId', 'route', 'status', 'time']);
    // Neither Fastify's own request lines nor the query string.
    expect(log.lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    expect(JSON.stringify(log.lines)).not.toContain('917');
  });

  it('makes a new UUID for a missing or unsafe id, on refusals and unknown paths too', async () => {
    for (const headers of [{}, { 'x-request-id': 'bad id\twith spaces' }, { 'x-request-id': 'x'.repeat(200) }]) {
      const refused = await t.app.inject({ url: '/api/v1/shipments', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['x-request-id']).toMatch(UUID);
    }
    const unknown = await t.app.inject({ url: '/api/v1/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-request-id']).toMatch(UUID);
  });

  it('gives every line of a request its id: a client error’s line and the access line', async () => {
    const token = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
    log.lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipments/store', headers: { ...bearer(token), 'x-request-id': 'req-abc', 'content-type': 'application/json' }, payload: '{"broken' });
    expect(res.statusCode).toBe(400);
    const ofRequest = log.lines.filter((line) => line.reqId === 'req-abc');
    expect(ofRequest.map((line) => line.msg)).toContain('request');
    expect(ofRequest.find((line) => line.msg === 'request')).toMatchObject({ status: 400, route: '/api/v1/shipments/store', bytes: expect.any(Number) });
  });
});

describe('at warn', () => {
  it('writes no access lines', async () => {
    const log = logged('warn');
    const t = await createTestApp({ logger: log.logger });
    try {
      const res = await t.app.inject({ url: '/healthz' });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(log.lines.filter((line) => line.msg === 'request')).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
