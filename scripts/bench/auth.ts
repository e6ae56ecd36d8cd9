// npm run bench:auth — sign-ins/s and authenticated requests/s with 100 concurrent clients
// against the real server (PGlite, demo data). Fails when any request fails.
import autocannon, { type Result } from 'autocannon';
import { startServer, watchdog } from './server.ts';

watchdog(300);

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function report(title: string, result: Result): boolean {
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(`\n${title}`);
  console.log(`  requests/s   avg ${result.requests.average.toFixed(0)}  (min ${result.requests.min}, max ${result.requests.max})`);
  console.log(`  latency ms   p50 ${result.latency.p50}  p97.5 ${result.latency.p97_5}  p99 ${result.latency.p99}  max ${result.latency.max}`);
  console.log(`  total ${result.requests.total} requests, ${failed} failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  return failed === 0;
}

const server = await startServer(8098);
try {
  const signIn = await autocannon({
    url: `${server.url}/oauth/token`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' }),
  });
  const okSignIn = report(`Sign-ins (POST /oauth/token, client_credentials, ${CONNECTIONS} connections, ${SECONDS} s)`, signIn);

  const token = (await (
    await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' }),
    })
  ).json()) as { access_token: string };
  const authed = await autocannon({
    url: `${server.url}/api/v1/profile`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  const okAuthed = report(`Authenticated requests (GET /api/v1/profile, ${CONNECTIONS} connections, ${SECONDS} s)`, authed);
  process.exitCode = okSignIn && okAuthed ? 0 : 1;
} finally {
  await server.stop();
}
