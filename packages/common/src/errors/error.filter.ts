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

export function zodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Requisição inválida';
  const field = issue.path.join('.');
  // zod's own English defaults are replaced by a Portuguese sentence naming the field.
  if (issue.message && !/^(Invalid|Expected|Too|Unrecognized|Required)/.test(issue.message)) return issue.message;
  return field ? `Campo inválido: ${field}` : 'Requisição inválida';
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
    res.status(status).json({ error });
  }

  describe(exception: unknown): { status: number; error: string } {
    if (exception instanceof AppError) return { status: exception.status, error: exception.message };
    if (exception instanceof ZodError) return { status: 400, error: zodMessage(exception) };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest wraps body-parser's errors; the cause tells a malformed body from other 400s.
      const cause = (exception as { cause?: { type?: string } }).cause;
      if (cause?.type === 'entity.parse.failed') return { status: 400, error: 'JSON malformado no corpo da requisição' };
      if (cause?.type === 'entity.too.large' || status === 413) return { status: 413, error: 'Corpo da requisição muito grande' };
      const body = exception.getResponse();
      let message = typeof body === 'string' ? body : (body as { error?: unknown; message?: unknown }).message;
      if (Array.isArray(message)) message = message[0];
      if (status >= 500) this.logger.error(exception);
      const ascii = typeof message === 'string' && /^[\x20-\x7e]*$/.test(message);
      // Nest's English defaults ("Cannot GET /x", "Not Found") become Portuguese.
      return { status, error: !ascii && typeof message === 'string' ? message : (HTTP_MESSAGES[status] ?? 'Erro') };
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
