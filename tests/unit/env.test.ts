// Configuration parsing: defaults, flags, and a bad setting failing with a message naming it.
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#server/env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.SEED_DEMO).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TOKEN_SIGNING_KEY).toBeUndefined();
  });

  it('does not read process.env when given a source', () => {
    const saved = process.env.PORT;
    process.env.PORT = '9999';
    try {
      expect(parseEnv({}).PORT).toBe(8080);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '', DATA_DIR: '', SEED_DEMO: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.SEED_DEMO).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads the settings it is given', () => {
    const env = parseEnv({
      PORT: '3000',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://portal:secret@localhost:5432/portal',
      TOKEN_SIGNING_KEY: 'k'.repeat(32),
    });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('/var/lib/portal');
    expect(env.DATABASE_URL).toBe('postgres://portal:secret@localhost:5432/portal');
    expect(env.TOKEN_SIGNING_KEY).toBe('k'.repeat(32));
    expect(parseEnv({ DATABASE_URL: 'postgresql://localhost/portal' }).DATABASE_URL).toBe('postgresql://localhost/portal');
  });

  it('seeds demo data by default only on the embedded database outside production', () => {
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(parseEnv({ DATABASE_URL: 'postgres://portal@db.example/portal' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    // An operator who wants the demo on PostgreSQL (a staging cluster, the cluster tests) says so.
    expect(parseEnv({ DATABASE_URL: 'postgres://portal@db.example/portal', SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'yes' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ DATABASE_URL: 'postgres://portal@db.example/portal', SEED_DEMO: '' }).SEED_DEMO).toBe(false);
  });

  it('turns demo data off with SEED_DEMO=0 and keeps it on with 1', () => {
    expect(parseEnv({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
  });

  it('trusts no proxy unless told how many or which (X-Forwarded-* is otherwise the client\'s own word)', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    const behind = { PUBLIC_URL: 'https://portal.example.com' };
    expect(parseEnv({ ...behind, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ ...behind, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ ...behind, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']);
  });

  it('refuses TRUST_PROXY=true (the left-most X-Forwarded-For entry) and a proxy without PUBLIC_URL', () => {
    const behind = { PUBLIC_URL: 'https://portal.example.com' };
    for (const value of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'evil.example']) {
      expect(() => parseEnv({ ...behind, TRUST_PROXY: value })).toThrow(/\bTRUST_PROXY\b/);
    }
    expect(() => parseEnv({ TRUST_PROXY: '1' })).toThrow(/\bPUBLIC_URL\b.*TRUST_PROXY/);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '0' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['TOKEN_SIGNING_KEY', { TOKEN_SIGNING_KEY: 'k'.repeat(31) }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'a token with spaces in it' }],
    ['METRICS_PORT', { METRICS_PORT: '0' }],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }],
  ])('rejects a bad %s with a message naming it', (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('keeps /metrics off unless a token or a loopback port is given', () => {
    const env = parseEnv({});
    expect([env.METRICS_TOKEN, env.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(parseEnv({ METRICS_TOKEN: 'x'.repeat(16), METRICS_PORT: '9464' })).toMatchObject({ METRICS_TOKEN: 'x'.repeat(16), METRICS_PORT: 9464 });
  });

  it('names only the bad setting', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'abc', DATA_DIR: './elsewhere' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/\bPORT\b/);
    expect(message).not.toMatch(/DATA_DIR/);
  });
});
