import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { ZodError } from 'zod';
import { AppError } from './app-error';

interface Res {
  headersSent: boolean;
  status(code: number): Res;
  json(body: unknown): void;
  setHeader(name: string, value: string): void;
}

const HTTP_MESSAGES: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Você precisa estar logado',
  403: 'Acesso negado',
  404: 'Não encontrado',
  405: 'Método não permitido',
  413: 'Conteúdo muito grande',
  415: 'Tipo de conteúdo não suportado',
  429: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
};

/** Postgres error codes that mean "the database is not reachable right now". */
const UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

/**
 * zod's own messages are English. Parsing with this as the per-parse message replaces exactly those:
 * a message the contract wrote for a check wins over it, so no text needs to be recognised afterwards.
 */
export function zodIssueMessage(issue: { path?: PropertyKey[] }): string {
  const field = (issue.path ?? []).map(String).join('.');
  return field ? `Campo inválido: ${field}` : 'Requisição inválida';
}

/** The first problem of a failed parse made with `zodIssueMessage` (see ZodPipe). */
export function zodMessage(err: ZodError): string {
  return err.issues[0]?.message || 'Requisição inválida';
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
    if (res.headersSent) return;
    const { status, error } = this.describe(exception);
    if (exception instanceof AppError && exception.retryAfterSeconds) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    res.status(status).json({ error });
  }

  describe(exception: unknown): { status: number; error: string } {
    if (exception instanceof AppError) return { status: exception.status, error: exception.message };
    // A ZodError that did not come through ZodPipe still carries zod's English: only its field is named.
    if (exception instanceof ZodError) return { status: 400, error: exception.issues[0] ? zodIssueMessage(exception.issues[0]) : 'Requisição inválida' };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest wraps body-parser's errors; the cause tells a malformed body from other 400s.
      const cause = (exception as { cause?: { type?: string } }).cause;
      if (cause?.type === 'entity.parse.failed') return { status: 400, error: 'JSON malformado no corpo da requisição' };
      if (cause?.type === 'entity.too.large' || status === 413) return { status: 413, error: 'Corpo da requisição muito grande' };
      if (status >= 500) this.logger.error(exception);
      // Only the framework raises HttpException here (our code throws AppError), and its texts are
      // English ("Cannot GET /x"): the status alone picks the Portuguese message.
      return { status, error: HTTP_MESSAGES[status] ?? 'Erro' };
    }
    const e = exception as { type?: string; status?: number; statusCode?: number; code?: string };
    // body-parser errors: malformed JSON, too large, bad encoding.
    if (e && e.type === 'entity.parse.failed') return { status: 400, error: 'JSON malformado no corpo da requisição' };
    if (e && e.type === 'entity.too.large') return { status: 413, error: 'Corpo da requisição muito grande' };
    if (e && typeof e.type === 'string' && (e.status ?? e.statusCode) && (e.status ?? e.statusCode)! < 500) {
      return { status: (e.status ?? e.statusCode)!, error: 'Requisição inválida' };
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception as unknown as { code?: string }).code;
      if (code === '22P02' || code === '22003' || code === '22001' || code === '22021') return { status: 400, error: 'Valor inválido' };
      if (code && UNAVAILABLE.has(code)) return { status: 503, error: 'Banco de dados indisponível. Tente novamente em instantes.' };
    }
    if (isConnectionError(exception)) {
      return { status: 503, error: 'Serviço temporariamente indisponível. Tente novamente em instantes.' };
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
