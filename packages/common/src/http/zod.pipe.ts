import { PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { zodIssueMessage, zodMessage } from '../errors/error.filter';
import { HTTP_TEXTS } from '../errors/http-texts';

/** Validates a body, query or param with a contract schema; the first problem becomes a 400 `{ error }`. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.infer<S> {
    const r = this.schema.safeParse(value ?? {}, { error: zodIssueMessage });
    if (!r.success) throw AppError.badRequest(zodMessage(r.error));
    return r.data;
  }
}

export const zod = <S extends z.ZodType>(schema: S) => new ZodPipe(schema);

/**
 * Path id: a positive integer, or 404 (an id that cannot exist is an unknown id). `notFound` is the
 * service's own not-found error for that kind of record, or just its message.
 */
export class IdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly notFound: string | (() => Error) = HTTP_TEXTS.notFound) {}
  transform(value: unknown): number {
    const s = String(value);
    if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647) {
      throw typeof this.notFound === 'string' ? AppError.notFound(this.notFound) : this.notFound();
    }
    return Number(s);
  }
}
