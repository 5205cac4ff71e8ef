import { HTTP_TEXTS } from './http-texts';

/**
 * A domain error: a status and a message the client may show. Services throw these; the error filter
 * turns them into `{ "error": message }` with the status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }

  static badRequest(message: string, code?: string) {
    return new AppError(400, message, code);
  }
  static unauthorized(message: string = HTTP_TEXTS.signedOut, code?: string) {
    return new AppError(401, message, code);
  }
  static forbidden(message: string = HTTP_TEXTS.forbidden, code?: string) {
    return new AppError(403, message, code);
  }
  static notFound(message: string = HTTP_TEXTS.notFound, code?: string) {
    return new AppError(404, message, code);
  }
  static conflict(message: string, code?: string) {
    return new AppError(409, message, code);
  }
  static tooLarge(message = 'Arquivo muito grande') {
    return new AppError(413, message);
  }
  static tooMany(message: string = HTTP_TEXTS.tooManyAttempts) {
    return new AppError(429, message);
  }
  static unavailable(message: string = HTTP_TEXTS.unavailable) {
    return new AppError(503, message);
  }
}
