// @vitest-environment node
// A listening server starts no render thread until a document is asked for (issue 34: an idle
// server's memory).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, createShipment } from '#tests/api/shipments-fixtures.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '#tests/setup/test-app.ts';
import type * as RenderPool from './render-pool.ts';

const pools = vi.hoisted(() => ({ made: [] as RenderPool.DocumentRenderer[] }));
vi.mock('./render-pool.ts', async (importOriginal) => {
  const real = await importOriginal<typeof RenderPool>();
  return {
    ...real,
    renderPool: (...args: Parameters<typeof real.renderPool>) => {
      const pool = real.renderPool(...args);
      pools.made.push(pool);
      return pool;
    },
  };
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the render threads of a server', { timeout: 120_000 }, () => {
  it('do not start when the server listens, only with the first document', async () => {
    pools.made.length = 0;
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [pool] = pools.made;
    // After the timer turn in which the server once started its warm-up (an onListen hook's setTimeout 0).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pool!.threads()).toBe(0);
    const { token } = await signIn(t.app, DEMO.user.clientId, DEMO.user.secret);
    const shipment = await createShipment(t.app, token);
    const label = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/getLabel/${shipment.item_number}`, headers: bearer(token) });
    expect(label.statusCode).toBe(200);
    expect(pool!.threads()).toBeGreaterThan(0);
  });
});
