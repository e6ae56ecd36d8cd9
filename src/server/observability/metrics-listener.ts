// METRICS_PORT: GET /metrics without a token on a loopback port of its own, for a Prometheus (or
// an agent) on the same host; nothing else answers there. Not the main port's Fastify: a scrape
// here never waits behind the portal's requests' hooks, and it is not reachable from outside.
import { createServer, type Server } from 'node:http';
import { registry } from './metrics.ts';

export async function listenForMetrics(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
