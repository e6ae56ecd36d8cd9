// The unreliable network between the app and the server, for the benches and the chaos script:
// an HTTP proxy that, per request, may reset the connection before forwarding, reset it AFTER
// forwarding (the server applied the request, the client never saw the answer), or deliver the
// request twice. "offline" resets everything; a server that is down (the chaos script killed it)
// looks to the client like a reset connection too.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LossyNetwork {
  mode: 'offline' | 'flaky';
  /** Probabilities per request, 0..1. */
  dropBefore: number;
  dropAfter: number;
  duplicate: number;
}

export interface ProxyStats {
  requests: number;
  resetBefore: number;
  resetAfter: number;
  duplicated: number;
  forwarded: number;
  /** Requests the server did not answer (it was down or died meanwhile). */
  unreachable: number;
}

export interface LossyProxy {
  url: string;
  /** Counters since the start or the last reset(). */
  stats: ProxyStats;
  resetStats(): void;
  close(): Promise<void>;
}

const emptyStats = (): ProxyStats => ({ requests: 0, resetBefore: 0, resetAfter: 0, duplicated: 0, forwarded: 0, unreachable: 0 });

/** `network` is read on every request: change its fields to change the weather. */
export function startLossyProxy(target: string, network: LossyNetwork): Promise<LossyProxy> {
  const serverFetch = globalThis.fetch;
  const stats = emptyStats();
  const forward = async (req: IncomingMessage, body: Buffer) => {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'authorization', 'idempotency-key', 'accept', 'accept-language']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    stats.forwarded += 1;
    const response = await serverFetch(`${target}${req.url}`, { method: req.method, headers, body: body.length > 0 ? new Uint8Array(body) : undefined });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };
  const reply = (res: ServerResponse, answer: Awaited<ReturnType<typeof forward>>) => {
    const headers: Record<string, string> = { 'content-length': String(answer.body.length) };
    for (const name of ['content-type', 'idempotent-replayed', 'retry-after']) {
      const value = answer.headers.get(name);
      if (value) headers[name] = value;
    }
    res.writeHead(answer.status, headers).end(answer.body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        stats.requests += 1;
        const body = Buffer.concat(chunks);
        const roll = Math.random();
        if (network.mode === 'offline' || roll < network.dropBefore) {
          if (network.mode !== 'offline') stats.resetBefore += 1;
          req.socket.destroy();
          return;
        }
        try {
          if (roll < network.dropBefore + network.dropAfter) {
            await forward(req, body);
            stats.resetAfter += 1;
            req.socket.destroy();
            return;
          }
          if (roll < network.dropBefore + network.dropAfter + network.duplicate) {
            stats.duplicated += 1;
            const answers = await Promise.all([forward(req, body), forward(req, body)]);
            reply(res, answers[Math.random() < 0.5 ? 0 : 1]!);
            return;
          }
          reply(res, await forward(req, body));
        } catch {
          stats.unreachable += 1;
          req.socket.destroy();
        }
      })();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        stats,
        resetStats: () => void Object.assign(stats, emptyStats()),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
