import { AppError } from './app-error';

/** What a code answers: the HTTP status and the Portuguese text the client shows as it is. */
export interface ErrorEntry {
  status: number;
  message: string;
}

/** A service's catalogue: every code it can answer with, each mapped once to its status and message. */
export type ErrorCatalogue<C extends string> = Readonly<Record<C, ErrorEntry>>;

/**
 * An error a service answers on purpose, named by a code of its catalogue. The error filter sends
 * `{ "error": message }` with the status, as for any AppError; the code is for logs and callers.
 */
export class DomainError<C extends string = string> extends AppError {
  declare readonly code: C;

  constructor(code: C, entry: ErrorEntry) {
    super(entry.status, entry.message, code);
  }
}

/**
 * The one typed way a service raises its errors: `const fail = domainErrors(CATALOGUE)` then
 * `throw fail(CatalogError.ContentNotFound)`. A code missing from the catalogue does not compile.
 */
export function domainErrors<C extends string>(catalogue: ErrorCatalogue<C>): (code: C) => DomainError<C> {
  return (code) => new DomainError(code, catalogue[code]);
}
