// How long a client may take, so that a slow (or deliberately trickling) client cannot hold a
// connection: limits on the HTTP server for the headers, the whole request, idle keep-alive and
// idle sockets, and a body deadline that grows with what has arrived, so that a large import on
// a slow but moving link still gets through while a body trickling a byte now and then does not.
import type { IncomingMessage, ServerOptions } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inputMessages } from '#shared/i18n/input-messages.ts';
import { ApiError } from '../http-errors.ts';

export interface Timeouts {
  /** All request headers must have arrived within this (Node's headersTimeout). */
  headersMs: number;
  /**
   * A body must have arrived within `bodyMs` plus one second per `bodyMinBytesPerSecond` bytes
   * received so far: a client that keeps up that average is never cut off, one that trickles is
   * answered 408 and disconnected after about `bodyMs`.
   */
  bodyMs: number;
  bodyMinBytesPerSecond: number;
  /** The whole request, however fast its body moves (Node's requestTimeout): the outer bound. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A socket with no traffic either way (a client not reading its answer) is closed after this. */
  idleMs: number;
  /** How often Node checks the header and request limits (its connectionsCheckingInterval). */
  checkIntervalMs: number;
}

/**
 * The largest body (an import: 30 MB as base64, about 40 MB) at the minimum rate of 32 KiB/s
 * (about 256 kbit/s) takes 60 + 1,280 s: within requestMs. A 20 MB spreadsheet on a 1 Mbit/s
 * uplink takes about 220 s and is never near the deadline; a trickling body is cut after 60 s.
 */
export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 20_000,
  bodyMs: 60_000,
  bodyMinBytesPerSecond: 32 * 1024,
  requestMs: 30 * 60_000,
  keepAliveMs: 72_000,
  idleMs: 120_000,
  checkIntervalMs: 5_000,
};

/** The HTTP server's own limits, as Fastify's constructor options. */
export function serverTimeoutOptions(timeouts: Timeouts): { requestTimeout: number; keepAliveTimeout: number; connectionTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  };
}

/** Passes the body through and fails it with a 408 when it falls behind its deadline. */
class BodyDeadline extends Transform {
  private received = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();

  constructor(
    private readonly timeouts: Timeouts,
    private readonly onLate: (stream: BodyDeadline) => void,
  ) {
    super();
    this.arm();
  }

  private arm() {
    clearTimeout(this.timer);
    const due = this.started + this.timeouts.bodyMs + (this.received / this.timeouts.bodyMinBytesPerSecond) * 1000;
    this.timer = setTimeout(() => this.onLate(this), Math.max(0, due - Date.now()));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.received += chunk.length;
    this.arm();
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    clearTimeout(this.timer);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    clearTimeout(this.timer);
    callback(error);
  }
}

const hasBody = (raw: IncomingMessage) => raw.headers['transfer-encoding'] !== undefined || (raw.headers['content-length'] ?? '0') !== '0';

async function bodyDeadlinePlugin(app: FastifyInstance, { timeouts }: { timeouts: Timeouts }) {
  // A plain callback: most requests have no body and pass at once, without a promise (issue 19).
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!hasBody(request.raw)) return done(null, payload);
    const deadline = new BodyDeadline(timeouts, (stream) => {
      if (request.raw.complete && stream.writableEnded) return;
      request.log.info({ received: request.raw.socket?.bytesRead }, 'request body too slow');
      if (stream.listenerCount('data') > 0 && !reply.sent) {
        // The body parser is reading: it answers the error (408 in the error shape), then the
        // connection closes instead of waiting for the rest.
        reply.header('connection', 'close');
        stream.destroy(new ApiError(408, 'invalid_request', inputMessages.requestTimeout));
      } else {
        // Nobody reads the body (the request was already answered): close the connection.
        request.raw.destroy();
      }
    });
    // Errors reach the body parser through its own listener; this one keeps an unread stream's from being unhandled.
    deadline.on('error', () => undefined);
    done(null, payload.pipe(deadline));
  });
}

/** The body deadline (registered before anything else that reads bodies). */
export const bodyDeadline = fp(bodyDeadlinePlugin, { name: 'body-deadline' });
