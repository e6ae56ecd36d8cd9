// The settings of several instances (issue 20): pool size, statement timeout and the drain.
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#server/env.ts';

describe('parseEnv: pool, statement timeout and graceful shutdown', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.DATABASE_POOL_MAX).toBe(10);
    expect(env.DATABASE_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(env.SHUTDOWN_DELAY_SECONDS).toBe(0);
    expect(env.SHUTDOWN_TIMEOUT_SECONDS).toBe(30);
  });

  it('reads the settings it is given', () => {
    const env = parseEnv({ DATABASE_POOL_MAX: '25', DATABASE_STATEMENT_TIMEOUT_MS: '30000', SHUTDOWN_DELAY_SECONDS: '5', SHUTDOWN_TIMEOUT_SECONDS: '120' });
    expect(parseEnv({ DATABASE_LISTEN_URL: 'postgres://db-direct:5432/portal' }).DATABASE_LISTEN_URL).toBe('postgres://db-direct:5432/portal');
    expect(env).toMatchObject({ DATABASE_POOL_MAX: 25, DATABASE_STATEMENT_TIMEOUT_MS: 30_000, SHUTDOWN_DELAY_SECONDS: 5, SHUTDOWN_TIMEOUT_SECONDS: 120 });
  });

  it.each([
    ['DATABASE_POOL_MAX', '1', 'must be at least 2'],
    ['DATABASE_POOL_MAX', 'ten', 'must be a whole number from 2 to 1000'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-1', 'must be at least 0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '1.5', 'must be a whole number'],
    ['SHUTDOWN_DELAY_SECONDS', '301', 'must be at most 300'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '0', 'must be at least 1'],
    ['DATABASE_LISTEN_URL', 'http://db:5432/portal', 'must be a postgres:// or postgresql:// URL'],
  ])('refuses %s=%s, naming the setting', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(`${name}: ${message}`);
  });
});
