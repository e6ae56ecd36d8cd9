// Each request's logger (request.log, reply.log), made when the request first logs something.
// Fastify makes a child of the app's logger for every request, bound to its request id; with the
// redaction of logging.ts (its `*.x` paths apply to every binding) that child costs ~3 µs and its
// garbage, on every request, even at a level that logs nothing of it (issue 19: the floor of a
// static file or an authenticated route). This stands in for the child and makes the real one on
// the first line that is logged, or when anything else of it is used: what is logged, with what
// request id and what redaction, is the same.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogFn = FastifyBaseLogger['info'];
type LevelWithSilentOrString = FastifyBaseLogger['level'];

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's own test; a logger without it (not pino) is always asked. */
const enabled = (logger: FastifyBaseLogger, level: Level) => {
  const test = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return test === undefined || test.call(logger, level);
};

class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  /** Logs through the real child, unless no child is made yet and the level logs nothing. */
  #log(level: Level, args: Parameters<LogFn>): void {
    if (this.#child === undefined && this.options.level === undefined && !enabled(this.parent, level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#real().level = level;
  }

  fatal(...args: Parameters<LogFn>): void {
    this.#log('fatal', args);
  }

  error(...args: Parameters<LogFn>): void {
    this.#log('error', args);
  }

  warn(...args: Parameters<LogFn>): void {
    this.#log('warn', args);
  }

  info(...args: Parameters<LogFn>): void {
    this.#log('info', args);
  }

  debug(...args: Parameters<LogFn>): void {
    this.#log('debug', args);
  }

  trace(...args: Parameters<LogFn>): void {
    this.#log('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export const deferredChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new DeferredChildLogger(logger, bindings, options);
