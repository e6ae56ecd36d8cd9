// A slow client cannot hold the server (issue 18): against a real listening server with short
// limits, raw sockets trickle headers or a body, or sit idle; each is answered or closed within
// about the limit, while a body that keeps moving completes even past the body deadline. What
// the HTTP parser itself refuses is answered in the error shape too.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#shared/contract/errors.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/limits.ts';
import { DEFAULT_TIMEOUTS, type Timeouts } from '#server/plugins/timeouts.ts';
import { createTestApp, DEMO, type TestApp } from '../setup/test-app.ts';

const LIMITS: Timeouts = {
  headersMs: 600,
  bodyMs: 800,
  bodyMinBytesPerSecond: 2_000,
  requestMs: 10_000,
  keepAliveMs: 700,
  idleMs: 5_000,
  checkIntervalMs: 100,
};

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ timeouts: LIMITS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

interface Outcome {
  /** Everything the server wrote before it closed the connection. */
  text: string;
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * Opens a connection, writes `head` at once, then each of `drip` every `everyMs` until the
 * server closes the connection (or `giveUpMs` passes: the test then fails on the time).
 */
function trickle(head: string, drip: string[], everyMs: number, giveUpMs = 8_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: Number.POSITIVE_INFINITY });
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      socket.write(head);
      let next = 0;
      timer = setInterval(() => {
        if (next >= drip.length || socket.destroyed) return clearInterval(timer);
        socket.write(drip[next++]!);
      }, everyMs);
    });
    socket.on('timeout', reject);
  });
}

const tokenHead = (contentLength: number) =>
  `POST /oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept-Language: en\r\nContent-Length: ${contentLength}\r\n\r\n`;

describe('slow clients', () => {
  it('answers a body trickling one byte at a time with 408 in the error shape and closes the connection', async () => {
    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: DEMO.user.secret });
    const outcome = await trickle(tokenHead(body.length), [...body], 250);

    // About bodyMs (plus a millisecond per byte at 2,000 bytes/s): far from the 10 s request limit.
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.bodyMs);
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.bodyMs + 1_500);
    const [head = '', json = ''] = outcome.text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head.toLowerCase()).toContain('connection: close');
    const answer = errorBodySchema.parse(JSON.parse(json));
    expect(answer.message).toBe('The request took too long to arrive. Check the connection and try again.');
  });

  it('closes a connection whose headers never end, after about the headers limit', async () => {
    const outcome = await trickle(
      'POST /oauth/token HTTP/1.1\r\nHost: localhost\r\n',
      Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`),
      200,
    );

    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.headersMs);
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.headersMs + 1_500);
    expect(outcome.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(errorBodySchema.parse(JSON.parse(outcome.text.split('\r\n\r\n')[1] ?? ''))).toEqual({
      error: 'invalid_request',
      message: 'The request took too long to arrive. Check the connection and try again.',
    });
  });

  it('lets a body that keeps moving finish although it takes longer than the body limit', async () => {
    // ~6,000 bytes in 12 pieces every 150 ms: 1.8 s in all, at ~3,300 bytes/s (the minimum is 2,000).
    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: DEMO.user.clientId, client_secret: DEMO.user.secret, padding: 'p'.repeat(5_900) });
    const pieces = body.match(/[\s\S]{1,500}/g)!;
    const started = Date.now();
    const outcome = await trickle(tokenHead(body.length).replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nConnection: close\r\n'), pieces, 150);

    expect(Date.now() - started).toBeGreaterThan(LIMITS.bodyMs);
    expect(outcome.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.text).toContain('access_token');
  });

  it('closes an idle keep-alive connection after the keep-alive limit', async () => {
    const outcome = await trickle('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n', [], 1_000);

    expect(outcome.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.keepAliveMs - 50);
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.keepAliveMs + 1_500);
  });

  it.each([
    ['a NUL in a header', 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0000b\r\n\r\n', 400, 'The request could not be read.'],
    ['a malformed request line', 'GET /healthz HTTP/9\r\n\r\n', 400, 'The request could not be read.'],
    ['headers over 16 KiB', `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`, 431, 'The request is too large.'],
  ])('answers %s (refused by the HTTP parser) in the error shape and closes the connection', async (_label, head, status, message) => {
    const outcome = await trickle(head, [], 1_000);

    expect(outcome.closedAfterMs).toBeLessThan(1_500);
    const [statusLine = '', json = ''] = outcome.text.split('\r\n\r\n');
    expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(JSON.parse(json)).toEqual({ message, error: status === 431 ? 'body_too_large' : 'invalid_request' });
  });

  it('has production limits that let the largest import through at the minimum rate', () => {
    // The import routes' body limit: the file as base64 and the rest of the JSON.
    const largestBody = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;
    const atMinimumRateMs = DEFAULT_TIMEOUTS.bodyMs + (largestBody / DEFAULT_TIMEOUTS.bodyMinBytesPerSecond) * 1000;
    expect(atMinimumRateMs).toBeLessThan(DEFAULT_TIMEOUTS.requestMs);
    // A trickle is cut after about a minute, and headers take at most the headers limit.
    expect(DEFAULT_TIMEOUTS.bodyMs).toBe(60_000);
    expect(DEFAULT_TIMEOUTS.headersMs).toBeLessThanOrEqual(DEFAULT_TIMEOUTS.requestMs);
  });
});
