// @vitest-environment node
// The renderers are warmed once a server listens, in steps that leave the event loop free between
// them; never under inject() (the API tests), never before listening.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type * as RenderPool from './render-pool.ts';

// The render pool's threads do the warming (render.worker.ts); what the server decides is when to
// ask the pool for it.
const warmUp = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./render-pool.ts', async (importOriginal) => {
  const real = await importOriginal<typeof RenderPool>();
  return {
    ...real,
    renderPool: (...args: Parameters<typeof real.renderPool>) => ({
      ...real.renderPool(...args),
      warmUp: () => {
        warmUp.calls++;
        return Promise.resolve();
      },
    }),
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
