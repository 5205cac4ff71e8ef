import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { AppError } from './app-error';
import { ErrorFilter } from './error.filter';

describe('ErrorFilter.describe', () => {
  const f = new ErrorFilter();

  it('keeps a domain error status and message', () => {
    expect(f.describe(AppError.conflict('Já existe'))).toEqual({ status: 409, error: 'Já existe' });
  });

  it('names malformed JSON and oversize bodies in Portuguese', () => {
    const syntax = Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 });
    expect(f.describe(new BadRequestException('Unexpected token', { cause: syntax }))).toEqual({ status: 400, error: 'JSON malformado no corpo da requisição' });
    expect(f.describe(new HttpException('request entity too large', 413))).toEqual({ status: 413, error: 'Corpo da requisição muito grande' });
  });

  it("names Fastify's refusals of a body in Portuguese", () => {
    const fst = (code: string, statusCode: number) => Object.assign(new Error('x'), { code, statusCode });
    expect(f.describe(fst('FST_ERR_CTP_INVALID_JSON_BODY', 400))).toEqual({ status: 400, error: 'JSON malformado no corpo da requisição' });
    expect(f.describe(fst('FST_ERR_CTP_BODY_TOO_LARGE', 413))).toEqual({ status: 413, error: 'Corpo da requisição muito grande' });
    expect(f.describe(fst('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415))).toEqual({ status: 415, error: 'Tipo de conteúdo não suportado' });
  });

  it("replaces the framework's English defaults", () => {
    expect(f.describe(new NotFoundException('Cannot GET /x'))).toEqual({ status: 404, error: 'Não encontrado' });
  });

  it('turns a validation error into a 400 naming the field', () => {
    const r = z.object({ title: z.string() }).safeParse({ title: 3 });
    expect(r.success).toBe(false);
    if (!r.success) expect(f.describe(r.error)).toEqual({ status: 400, error: 'Campo inválido: title' });
  });

  it('hides an unexpected error behind an id', () => {
    const d = f.describe(new Error('segredo interno'));
    expect(d.status).toBe(500);
    expect(d.error).toMatch(/^Erro interno \(id [0-9a-f-]{36}\)$/);
    expect(d.error).not.toContain('segredo');
  });

  it('answers 503 when the database is unreachable', () => {
    expect(f.describe(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })).status).toBe(503);
  });
});
