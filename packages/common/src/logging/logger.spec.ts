import pino from 'pino';
import { Writable } from 'node:stream';
import { requestLoggerFactory } from './logger';

/** A pino logger writing its JSON lines into an array, with the platform's redaction. */
function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level, base: { service: 'teste' }, redact: { paths: ['req.headers.cookie'], remove: true } }, out);
  return { logger, lines };
}

describe('a request logger (Fastify childLoggerFactory)', () => {
  it('writes what the pino child would, request id included, and makes the child only when the request logs', () => {
    const { logger, lines } = capture();
    const made = jest.spyOn(logger, 'child');
    const quiet = requestLoggerFactory(logger, { reqId: 'r-quiet' }, {});
    expect(quiet.isLevelEnabled('info')).toBe(true);
    expect(quiet.isLevelEnabled('debug')).toBe(false);
    expect(made).not.toHaveBeenCalled();

    const log = requestLoggerFactory(logger, { reqId: 'r-1' }, {});
    log.info({ req: { method: 'GET', headers: { cookie: 'clima_sid=segredo' } } }, 'request completed');
    log.debug('not written');
    log.warn('cuidado');
    expect(made).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, service: 'teste', reqId: 'r-1', msg: 'request completed', req: { method: 'GET', headers: {} } }),
      expect.objectContaining({ level: 40, reqId: 'r-1', msg: 'cuidado' }),
    ]);
    expect(log.child({ job: 'x' }).bindings()).toEqual({ service: 'teste', reqId: 'r-1', job: 'x' });
  });

  it('keeps a level given to the request (a route of its own level)', () => {
    const { logger, lines } = capture();
    const log = requestLoggerFactory(logger, { reqId: 'r-2' }, { level: 'debug' });
    expect(log.isLevelEnabled('debug')).toBe(true);
    expect(log.level).toBe('debug');
    log.debug('visto');
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'r-2', msg: 'visto' })]);
  });
});
