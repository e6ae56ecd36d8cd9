// The access line is built by hand (issue 30): it must stay valid JSON in pino's format whatever
// a caller puts into the path, and say null where a field is unknown.
import { describe, expect, it } from 'vitest';
import { accessLine } from './access-log.ts';

const base = { reqId: 'r-1', method: 'GET', route: '/api/v1/x', path: '/api/v1/x', status: 200, ms: 1.5, bytes: '44', ip: '127.0.0.1' };

describe('accessLine', () => {
  it('is one line of JSON in pino’s shape: level 30, time, the fields, msg', () => {
    const text = accessLine(base);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.slice(0, -1)).not.toContain('\n');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed).toMatchObject({ level: 30, reqId: 'r-1', method: 'GET', route: '/api/v1/x', path: '/api/v1/x', status: 200, ms: 1.5, bytes: 44, ip: '127.0.0.1', msg: 'request' });
    expect(Math.abs((parsed.time as number) - Date.now())).toBeLessThan(60_000);
  });

  it('escapes what a caller may put into a path', () => {
    const path = '/a"b\\c\n\u0000d/ščž/\u2028';
    const parsed = JSON.parse(accessLine({ ...base, path })) as { path: string };
    expect(parsed.path).toBe(path);
  });

  it('says null for an unknown route, a missing or odd length and a missing address', () => {
    for (const bytes of [undefined, 'abc', Number.NaN]) {
      const parsed = JSON.parse(accessLine({ ...base, route: undefined, bytes, ip: undefined })) as Record<string, unknown>;
      expect(parsed).toMatchObject({ route: null, bytes: null, ip: null });
    }
  });
});
