// @vitest-environment node
// The renderers are warmed once a server listens, in steps that leave the event loop free between
// them; never under inject() (the API tests), never before listening.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type * as WarmUp from './warm-up.ts';

const warmUp = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./warm-up.ts', async (importOriginal) => {
  const real = await importOriginal<typeof WarmUp>();
  return {
    warmUpDocuments: () => {
      warmUp.calls++;
      return real.warmUpDocuments();
    },
  };
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('warming the label renderers', { timeout: 120_000 }, () => {
  it('starts only once the server listens, not under inject()', async () => {
    warmUp.calls = 0;
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile' })).statusCode).toBeLessThan(500);
    expect(warmUp.calls).toBe(0);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await vi.waitFor(() => expect(warmUp.calls).toBe(1), { timeout: 10_000 });
  });

  it('renders its documents in steps, the event loop turning between them', async () => {
    const { warmUpDocuments } = await import('./warm-up.ts');
    let turns = 0;
    let done = false;
    const count = () => {
      turns++;
      if (!done) setImmediate(count);
    };
    setImmediate(count);
    await warmUpDocuments();
    done = true;
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
