/**
 * A domain error: a status and a message the client may show. Services throw these; the error filter
 * turns them into `{ "error": message }` with the status.
 */
export class AppError extends Error {
  /** Seconds the caller should wait before trying again (a 429's or 503's Retry-After header). */
  retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }

  /** The same error, answered with `Retry-After: <seconds>` (whole seconds, at least 1). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }

  static badRequest(message: string, code?: string) {
    return new AppError(400, message, code);
  }
  static unauthorized(message = 'Você precisa estar logado', code?: string) {
    return new AppError(401, message, code);
  }
  static forbidden(message = 'Acesso negado', code?: string) {
    return new AppError(403, message, code);
  }
  static notFound(message = 'Não encontrado', code?: string) {
    return new AppError(404, message, code);
  }
  static conflict(message: string, code?: string) {
    return new AppError(409, message, code);
  }
  static tooLarge(message = 'Arquivo muito grande') {
    return new AppError(413, message);
  }
  static tooMany(message = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.') {
    return new AppError(429, message);
  }
  static unavailable(message = 'Serviço temporariamente indisponível') {
    return new AppError(503, message);
  }
}
