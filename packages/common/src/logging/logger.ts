import { LoggerService } from '@nestjs/common';
import pino, { Bindings, ChildLoggerOptions, LogFn, Logger } from 'pino';

let root: Logger | undefined;

/** The process's JSON logger. */
export function rootLogger(service?: string, level?: string): Logger {
  if (!root) {
    root = pino({
      level: level ?? process.env.LOG_LEVEL ?? 'info',
      base: { service: service ?? process.env.SERVICE_NAME ?? 'clima' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'], remove: true },
    });
  }
  return root;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A request's logger (Fastify's `req.log`, with the request id as `reqId`), made when the request first logs
 * something. Fastify makes a pino child per request; making one costs about 4 % of the CPU of the platform's
 * hottest route (the identity check: the child's bindings go through the redaction), and the quiet routes log
 * nothing unless they fail. What it writes is the child's own output, made on the first call.
 */
class RequestLogger {
  private made?: Logger;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  constructor(
    private readonly parent: Logger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): Logger {
    return (this.made ??= this.parent.child(this.childBindings, this.options));
  }
  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(value: string) {
    this.real.level = value;
  }
  isLevelEnabled(level: string): boolean {
    return this.made || this.options.level ? this.real.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.real.child(bindings, options);
  }
  bindings(): Bindings {
    return this.real.bindings();
  }
}
for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      const real = (this as unknown as { real: Logger }).real;
      (real[level] as (...a: unknown[]) => void)(...args);
    },
  });
}

/** Fastify's `childLoggerFactory`: a request's logger, made only when used (RequestLogger). */
export function requestLoggerFactory(logger: Logger, bindings: Bindings, options: ChildLoggerOptions): Logger {
  return new RequestLogger(logger, bindings, options) as unknown as Logger;
}

/** Adapts pino to Nest's logger interface so framework logs are JSON too. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, rest: unknown[]) {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (message instanceof Error) this.logger[level]({ err: message, context }, message.message);
    else if (typeof message === 'object' && message !== null) {
      const err = (message as { err?: unknown }).err;
      this.logger[level]({ ...(message as object), err, context }, (message as { msg?: string }).msg ?? '');
    } else this.logger[level]({ context }, String(message));
  }
  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
}
