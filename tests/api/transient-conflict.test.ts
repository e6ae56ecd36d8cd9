// A transaction PostgreSQL aborted for a concurrent one (deadlock, serialization failure) is not a
// fault of ours nor of the request: the API answers 503 with Retry-After in the caller's language,
// so that clients (and the offline queues) send it again; other database failures stay 500.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { isTransientConflict } from '#server/db/transient-conflict.ts';
import { errors } from '#server/plugins/errors.ts';

/** An error as Drizzle throws it: its own, with the driver's error (and its SQLSTATE) as the cause. */
function drizzleError(code: string): Error {
  return new Error('Failed query: update "shipments" set …', { cause: Object.assign(new Error('deadlock detected'), { code }) });
}

const apps: Array<ReturnType<typeof Fastify>> = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function answerTo(error: Error, language = 'en') {
  const app = Fastify();
  apps.push(app);
  await app.register(errors);
  app.get('/fails', async () => {
    throw error;
  });
  return app.inject({ method: 'GET', url: '/fails', headers: { 'accept-language': language } });
}

describe('a transaction aborted for a concurrent one', () => {
  it('answers 503 with Retry-After and a message that says to send it again', async () => {
    for (const code of ['40P01', '40001']) {
      const res = await answerTo(drizzleError(code));
      expect(res.statusCode, code).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: 'unavailable', message: 'Another change to the same records came at the same moment. Please try again.' });
    }
  });

  it('says so in the caller’s language', async () => {
    const res = await answerTo(drizzleError('40P01'), 'de');
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).not.toMatch(/Another change/);
  });

  it('leaves other database failures a 500', async () => {
    const res = await answerTo(drizzleError('23502'));
    expect(res.statusCode).toBe(500);
    expect(isTransientConflict(drizzleError('23505'))).toBe(false);
    expect(isTransientConflict(Object.assign(new Error('x'), { code: '40P01' }))).toBe(true);
  });
});
