import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

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
