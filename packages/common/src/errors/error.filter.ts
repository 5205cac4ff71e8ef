import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { ZodError } from 'zod';
import { AppError } from './app-error';
import { HTTP_TEXTS } from './http-texts';

/** Fastify's reply, as much of it as an error answer needs. */
interface Res {
  sent: boolean;
  raw: { headersSent: boolean };
  code(code: number): Res;
  send(body: unknown): void;
}

/** Fastify's own errors before a route runs (body parsing, the URL), by code. */
const FASTIFY_ERRORS: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: HTTP_TEXTS.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: HTTP_TEXTS.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: HTTP_TEXTS.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: HTTP_TEXTS.badRequest },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: HTTP_TEXTS.unsupportedType },
  FST_ERR_BAD_URL: { status: 400, error: HTTP_TEXTS.badRequest },
};

const HTTP_MESSAGES: Record<number, string> = {
  400: HTTP_TEXTS.badRequest,
  401: HTTP_TEXTS.signedOut,
  403: HTTP_TEXTS.forbidden,
  404: HTTP_TEXTS.notFound,
  405: HTTP_TEXTS.methodNotAllowed,
  413: HTTP_TEXTS.contentTooLarge,
  415: HTTP_TEXTS.unsupportedType,
  429: HTTP_TEXTS.tooManyAttempts,
};

/** Postgres error codes that mean "the database is not reachable right now". */
const UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

/**
 * zod's own messages are English. Parsing with this as the per-parse message replaces exactly those:
 * a message the contract wrote for a check wins over it, so no text needs to be recognised afterwards.
 */
export function zodIssueMessage(issue: { path?: PropertyKey[] }): string {
  const field = (issue.path ?? []).map(String).join('.');
  return field ? `Campo inválido: ${field}` : HTTP_TEXTS.badRequest;
}

/** The first problem of a failed parse made with `zodIssueMessage` (see ZodPipe). */
export function zodMessage(err: ZodError): string {
  return err.issues[0]?.message || HTTP_TEXTS.badRequest;
}

/**
 * The one place where an error becomes an HTTP answer: `{ "error": "…" }` with the right status.
 * Unexpected errors become a 500 with an id that is also logged; no stack trace reaches the client.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const res = host.switchToHttp().getResponse<Res>();
    if (res.sent || res.raw.headersSent) return;
    const { status, error } = this.describe(exception);
    res.code(status).send({ error });
  }

  describe(exception: unknown): { status: number; error: string } {
    if (exception instanceof AppError) return { status: exception.status, error: exception.message };
    // A ZodError that did not come through ZodPipe still carries zod's English: only its field is named.
    if (exception instanceof ZodError) return { status: 400, error: exception.issues[0] ? zodIssueMessage(exception.issues[0]) : HTTP_TEXTS.badRequest };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest wraps body-parser's errors; the cause tells a malformed body from other 400s.
      const cause = (exception as { cause?: { type?: string } }).cause;
      if (cause?.type === 'entity.parse.failed') return { status: 400, error: HTTP_TEXTS.malformedJson };
      if (cause?.type === 'entity.too.large' || status === 413) return { status: 413, error: HTTP_TEXTS.bodyTooLarge };
      if (status >= 500) this.logger.error(exception);
      // Only the framework raises HttpException here (our code throws AppError), and its texts are
      // English ("Cannot GET /x"): the status alone picks the Portuguese message.
      return { status, error: HTTP_MESSAGES[status] ?? 'Erro' };
    }
    const e = exception as { type?: string; status?: number; statusCode?: number; code?: string };
    const known = e && typeof e.code === 'string' ? FASTIFY_ERRORS[e.code] : undefined;
    if (known) return known;
    // body-parser errors: malformed JSON, too large, bad encoding.
    if (e && e.type === 'entity.parse.failed') return { status: 400, error: HTTP_TEXTS.malformedJson };
    if (e && e.type === 'entity.too.large') return { status: 413, error: HTTP_TEXTS.bodyTooLarge };
    if (e && typeof e.type === 'string' && (e.status ?? e.statusCode) && (e.status ?? e.statusCode)! < 500) {
      return { status: (e.status ?? e.statusCode)!, error: HTTP_TEXTS.badRequest };
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception as unknown as { code?: string }).code;
      if (code === '22P02' || code === '22003' || code === '22001' || code === '22021') return { status: 400, error: HTTP_TEXTS.invalidValue };
      if (code && UNAVAILABLE.has(code)) return { status: 503, error: HTTP_TEXTS.databaseUnavailable };
    }
    if (isConnectionError(exception)) {
      return { status: 503, error: HTTP_TEXTS.unavailable };
    }
    const id = randomUUID();
    this.logger.error({ err: exception, errorId: id }, 'unexpected error');
    return { status: 500, error: `Erro interno (id ${id})` };
  }
}

export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P03'].includes(e.code)) return true;
  return typeof e.message === 'string' && /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Connection is closed|Stream isn't writeable/.test(e.message);
}
