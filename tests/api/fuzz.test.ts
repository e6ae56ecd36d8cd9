// Hostile input over every route of the endpoint table (issue 18): per request a route, a caller
// (anonymous, a signed-in USER or ADMIN, a forged token, a signed partner) and plausible params,
// query and body built from the route's own schemas, with one hostile part: NUL and other control
// characters, lone surrogates, invalid percent-encoding, bidi overrides, 10,000-character text,
// numbers out of range, wrong types, deep and huge JSON, duplicate keys, wrong content types,
// empty bodies, hostile headers. No answer may be a 5xx; every 4xx is the error shape of
// src/shared/contract/errors.ts with one of the API's codes.
//
// Seeded and reproducible: FUZZ_SEED=<n> replays a run (the seed is printed with any failure),
// FUZZ_RUNS=<n> changes its length (10,000 requests by default), FUZZ_TIMES=1 lists the routes
// that took longest. The requests are built in tests/setup/fuzz-requests.ts.
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '#server/db/seed-demo.ts';
import { loadPools, materialize, problemWith, recipeFor, ROUTES, short, type Pools, type Tokens } from '../setup/fuzz-requests.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 180_018);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

let t: TestApp;
let tokens: Tokens;
let pools: Pools;
const serverErrors: string[] = [];

beforeAll(async () => {
  const logs = new Writable({
    write(chunk: Buffer, _encoding, done) {
      serverErrors.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({ seed: false, jobs: true, logger: { level: 'error', stream: logs }, reportLimits: { perMinute: 1_000_000, atOnce: 4 } });
  await seedDemo(t.database.db, { shipments: true });
  tokens = { user: (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token, admin: (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token };
  pools = await loadPools(t);
});

/** Signs in again whichever of the two accounts' tokens no longer works. */
async function renewTokens() {
  for (const [role, account] of [
    ['user', DEMO.user],
    ['admin', DEMO.admin],
  ] as const) {
    const probe = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${tokens[role]}` } });
    if (probe.statusCode === 401) tokens = { ...tokens, [role]: (await signIn(t.app, account.clientId, account.secret)).token };
  }
}

afterAll(async () => {
  await t?.close();
});

describe('API fuzzer', () => {
  it(`answers ${RUNS} hostile requests over every route without a 5xx, every 4xx in the error shape (seed ${SEED})`, async () => {
    const failures = new Map<string, string>();
    const statuses = new Map<number, number>();
    const perRoute = new Map<string, { count: number; ms: number; pastAuth: number; succeeded: number }>();
    let sent = 0;
    const started = Date.now();

    await fc.assert(
      fc.asyncProperty(recipeFor(pools), async (recipe) => {
        const request = materialize(recipe, tokens);
        const before = performance.now();
        let res;
        try {
          res = await t.app.inject(request);
        } catch (error) {
          // inject refuses what HTTP cannot carry: nothing was sent, another request is drawn.
          if (error instanceof TypeError || (error as { code?: string }).code === 'ERR_INVALID_CHAR') fc.pre(false);
          throw error;
        }
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const route = perRoute.get(recipe.name) ?? { count: 0, ms: 0, pastAuth: 0, succeeded: 0 };
        route.count++;
        route.ms += performance.now() - before;
        if (res.statusCode !== 401 && res.statusCode !== 403) route.pastAuth++;
        if (res.statusCode < 300) route.succeeded++;
        perRoute.set(recipe.name, route);
        // A signed-in caller whose session the run ended (a revoke, a disabled client) signs in again.
        if (res.statusCode === 401 && (recipe.caller === 'user' || recipe.caller === 'admin')) await renewTokens();
        const log = serverErrors.splice(0).join('').slice(0, 800);
        // An error logged without a 5xx is a fault too (a background import, a swallowed failure).
        const problem =
          problemWith(request, res.statusCode, res.headers['content-type'] as string | undefined, res.body) ??
          (log ? 'an error was logged (this request or a background job)' : null);
        const key = `${recipe.name}: ${problem}`;
        if (problem && !failures.has(key)) {
          failures.set(
            key,
            `${recipe.name} as ${recipe.caller}: ${problem}\n  ${request.method} ${short(request.url, 200)}\n  headers ${short(JSON.stringify(request.headers), 300)}\n  body ${short(request.payload ?? '', 300)}\n  answer ${short(res.body, 300)}${log ? `\n  log ${log}` : ''}`,
          );
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const succeeding = [...perRoute.values()].filter((r) => r.succeeded > 0).length;
    console.log(
      `fuzz: ${sent} requests over ${perRoute.size} routes (${succeeding} with a 2xx) in ${seconds} s (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    if (process.env.FUZZ_TIMES) {
      const slowest = [...perRoute].sort(([, a], [, b]) => b.ms - a.ms).slice(0, 12);
      const total = [...perRoute.values()].reduce((sum, r) => sum + r.ms, 0);
      const never = [...perRoute].filter(([, r]) => r.succeeded === 0).map(([name]) => name);
      console.log(`in inject: ${Math.round(total)} ms; no 2xx: ${never.join(', ')}\n${slowest.map(([name, r]) => `${name}: ${r.count} in ${Math.round(r.ms)} ms`).join('\n')}`);
    }
    if (failures.size > 0)
      console.error(
        `fuzz: ${failures.size} kinds of failure (seed ${SEED}; replay with FUZZ_SEED=${SEED} npx vitest run tests/api/fuzz.test.ts)\n\n${[...failures.values()].join('\n\n')}`,
      );
    expect([...failures.keys()]).toEqual([]);
    expect(sent).toBe(RUNS);
    expect(perRoute.size).toBe(ROUTES.length);
    // Every route was asked by someone it admits, so the hostile parts reached its validation and handler.
    expect([...perRoute].filter(([, r]) => r.pastAuth === 0).map(([name]) => name)).toEqual([]);
  }, 300_000);
});
