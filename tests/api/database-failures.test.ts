// Database failures that are no fault of the request answer 503 with Retry-After in the caller's
// language, so that clients and the offline queues send it again, rather than a 500:
// - a transaction PostgreSQL aborted for a concurrent one (deadlock, serialization failure);
// - a database that cannot be reached (down, restarting, a failover, out of connections).
// Other database failures stay 500. The errors are shaped as Drizzle and node-postgres throw them
// (measured against a closed port and a terminated backend).
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts';
import { isTransientConflict } from '#server/db/transient-conflict.ts';
import { errors } from '#server/plugins/errors.ts';

/** An error as Drizzle throws it: its own, with the driver's error (and its SQLSTATE) as the cause. */
const drizzleError = (cause: Error) => new Error('Failed query: update "shipments" set …', { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

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
      const res = await answerTo(drizzleError(withCode('deadlock detected', code)));
      expect(res.statusCode, code).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: 'unavailable', message: 'Another change to the same records came at the same moment. Please try again.' });
    }
  });

  it('says so in the caller’s language', async () => {
    const res = await answerTo(drizzleError(withCode('deadlock detected', '40P01')), 'de');
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).not.toMatch(/Another change/);
  });

  it('leaves other database failures a 500', async () => {
    const res = await answerTo(drizzleError(withCode('null value in column', '23502')));
    expect(res.statusCode).toBe(500);
    expect(isTransientConflict(drizzleError(withCode('duplicate key', '23505')))).toBe(false);
    expect(isTransientConflict(Object.assign(new Error('x'), { code: '40P01' }))).toBe(true);
  });
});

const UNAVAILABLE: Array<[string, Error]> = [
  ['connection refused', drizzleError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
  ['backend terminated (failover, restart)', drizzleError(withCode('terminating connection due to administrator command', '57P01'))],
  ['server starting up', drizzleError(withCode('the database system is starting up', '57P03'))],
  ['too many connections', drizzleError(withCode('sorry, too many clients already', '53300'))],
  ['connection failure', drizzleError(withCode('connection failure', '08006'))],
  ['connection lost mid-query', drizzleError(new Error('Connection terminated unexpectedly'))],
  ['the pool waited too long', new Error('timeout exceeded when trying to connect')],
];

describe('a database that cannot be reached', () => {
  it.each(UNAVAILABLE)('%s: 503 with Retry-After and a message that says to try again', async (_name, error) => {
    const res = await answerTo(error);

    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'unavailable', message: 'The portal cannot reach its database at the moment. Please try again in a minute.' });
  });

  it('says so in the caller’s language', async () => {
    const res = await answerTo(UNAVAILABLE[0]![1], 'sk');

    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).not.toMatch(/cannot reach/);
  });

  it('leaves a fault of ours a 500', async () => {
    for (const error of [drizzleError(withCode('null value in column', '23502')), drizzleError(withCode('syntax error', '42601')), new TypeError('x is undefined')]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect((await answerTo(error)).statusCode).toBe(500);
    }
  });
});
