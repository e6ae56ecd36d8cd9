// npm run bench:auth — sign-ins/s and authenticated requests/s with 100 concurrent clients
// against the real server (PGlite, demo data). Issue 19's figure: authenticated GET
// /api/v1/profile, goal ≥ 3,000 req/s. Checks: every request answered 200 and the profile is the
// signed-in client's; a signed-out session's token is refused at once (the speed must not come
// from skipping the session check).
import { cpus, loadavg } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { check, figure } from './figures.ts';
import { startServer, watchdog } from './server.ts';

watchdog(300);

const BENCH = 'auth';
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROFILE_GOAL = 3_000;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Prints a run; checks that no request was answered wrongly (a non-2xx or a broken connection; a request still waiting at the end is slow, not wrong). */
function report(title: string, result: Result): boolean {
  const wrong = result.non2xx + result.errors - result.timeouts;
  console.log(`\n${title}  (load ${load()})`);
  console.log(`  requests/s   avg ${result.requests.average.toFixed(0)}  (min ${result.requests.min}, max ${result.requests.max})`);
  console.log(`  latency ms   p50 ${result.latency.p50}  p97.5 ${result.latency.p97_5}  p99 ${result.latency.p99}  max ${result.latency.max}`);
  console.log(`  total ${result.requests.total} answers: non-2xx ${result.non2xx}, other errors ${result.errors - result.timeouts}, timed out ${result.timeouts}`);
  return check(BENCH, `${title}: every answer 2xx`, result.requests.total > 0 && wrong === 0, `${wrong} wrong of ${result.requests.total}, ${result.timeouts} timed out`);
}

console.log(`bench:auth on ${cpus().length} cores, load average ${load()} (a busy machine gives lower figures)`);
const server = await startServer(8098);
try {
  const signInBody = JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' });
  const first = await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signInBody });
  const { access_token: bearer } = (await first.json()) as { access_token: string };
  const profile = await fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${bearer}` } });
  const body = (await profile.json()) as { email?: string; company?: { name?: string } };
  let ok = check(BENCH, 'GET /api/v1/profile answers the signed-in client’s profile', profile.status === 200 && typeof body.email === 'string' && typeof body.company?.name === 'string', `${profile.status}`);

  const authed = await autocannon({
    url: `${server.url}/api/v1/profile`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${bearer}`, 'accept-encoding': 'br, gzip, deflate' },
  });
  ok = report(`Authenticated requests (GET /api/v1/profile, ${CONNECTIONS} connections, ${SECONDS} s)`, authed) && ok;

  // A session ended by signing out stops its access token at once on this instance, load or not.
  const signedOut = await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signInBody });
  const { access_token: ending } = (await signedOut.json()) as { access_token: string };
  const cookie = signedOut.headers.get('set-cookie')?.split(';', 1)[0] ?? '';
  const before = await fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${ending}` } });
  const logout = await fetch(`${server.url}/oauth/revoke`, { method: 'POST', headers: { cookie } });
  const after = await fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${ending}` } });
  ok &&= check(BENCH, 'a signed-out session’s token is refused at once', before.status === 200 && logout.status < 300 && after.status === 401, `before ${before.status}, logout ${logout.status}, after ${after.status}`);

  // Sign-ins last: their password checks outlast the run and would slow what follows.
  const signIn = await autocannon({
    url: `${server.url}/oauth/token`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json' },
    body: signInBody,
  });
  ok = report(`Sign-ins (POST /oauth/token, client_credentials, ${CONNECTIONS} connections, ${SECONDS} s)`, signIn) && ok;

  console.log(`\nload average ${load()} on ${cpus().length} cores`);
  figure(BENCH, 'sign-ins POST /oauth/token, 100 connections', Math.round(signIn.requests.average), 'req/s');
  const met = figure(BENCH, 'authenticated GET /api/v1/profile, 100 connections', Math.round(authed.requests.average), 'req/s', { kind: 'min', value: PROFILE_GOAL });
  console.log(`  latency p50 ${authed.latency.p50} ms, p99 ${authed.latency.p99} ms`);
  process.exitCode = !ok ? 2 : met ? 0 : 1;
} finally {
  await server.stop();
}
