// Each request's logger is made when the request first logs (plugins/request-logger.ts): nothing
// is made for a request that logs nothing, and what is logged carries the request id and passes
// through the same redaction as before.
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { withLogGuards } from '#server/logging.ts';
import { deferredChildLogger } from '#server/plugins/request-logger.ts';

function capture(level: string): { logger: FastifyBaseLogger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  // The app's logger as app.ts configures it (logging.ts's redaction), writing to memory.
  const logger = Fastify({ logger: withLogGuards({ level, stream }) }).log;
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const requestLogger = (parent: FastifyBaseLogger, bindings = { reqId: 'req-7' }, options = {}) =>
  deferredChildLogger.call({} as FastifyInstance, parent, bindings, options, {} as never);

describe('the deferred request logger', () => {
  it('makes no child for a request that logs nothing at the level', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = requestLogger(logger);

    log.info({ req: { url: '/favicon.svg' } }, 'incoming request');
    log.debug('details');

    expect(child).not.toHaveBeenCalled();
    expect(lines()).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('logs what the level lets through, with the request id and the redaction of logging.ts', () => {
    const { logger, lines } = capture('info');
    const log = requestLogger(logger);

    log.info({ headers: { authorization: 'Bearer secret-token' } }, 'incoming request');
    log.error({ body: { password: 'hunter2' } }, 'failed');

    expect(lines()).toMatchObject([
      { level: 30, reqId: 'req-7', msg: 'incoming request', headers: { authorization: '[redacted]' } },
      { level: 50, reqId: 'req-7', msg: 'failed', body: { password: '[redacted]' } },
    ]);
  });

  it('makes its children from the real child, bindings included', () => {
    const { logger, lines } = capture('warn');

    requestLogger(logger).child({ job: 'import' }).warn('slow');

    expect(lines()).toMatchObject([{ reqId: 'req-7', job: 'import', msg: 'slow' }]);
  });

  it('follows a route’s own level (Fastify’s logLevel) rather than the app’s', () => {
    const { logger, lines } = capture('warn');

    requestLogger(logger, { reqId: 'req-8' }, { level: 'debug' }).debug('route detail');

    expect(lines()).toMatchObject([{ reqId: 'req-8', msg: 'route detail' }]);
  });
});
