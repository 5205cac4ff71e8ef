import { Inject, Injectable } from '@nestjs/common';
import { ASSERTION_HEADER, AssertionVerifier, CONFIG, MESSAGES, RawHandler, requestIdOf, rootLogger, sendRawAnswer, verifierFromEnv, zodIssueMessage } from '@clima/common';
import { HeartbeatBody } from '@clima/contract';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RankingConfig } from '../config';
import { heartbeatEarns } from '../shared/learning';
import { heartbeatsAnswered, HeartbeatProducer } from './heartbeat.producer';

export const HEARTBEAT_PATH = '/api/users/session/heartbeat';
/** A heartbeat body is a few dozen bytes; anything much larger is refused without being parsed. */
const MAX_BODY_BYTES = 4096;

const json = (error: string) => JSON.stringify({ error });
const ANSWERS = {
  ok: JSON.stringify({ ok: true }),
  signedOut: json(MESSAGES.signedOut),
  malformed: json('JSON malformado no corpo da requisição'),
  notAnObject: json('O corpo deve ser um objeto JSON'),
  tooLarge: json('Corpo da requisição muito grande'),
  unsupported: json('Tipo de conteúdo não suportado'),
  notFound: json('Não encontrado'),
  unavailable: json('Serviço temporariamente indisponível. Tente novamente em instantes.'),
};

type Refusal = { status: number; body: string };

/**
 * POST /api/users/session/heartbeat — the platform's firehose (every signed-in tab, every 30 s), answered by the
 * HTTP server before Fastify and Nest (RAW_HANDLERS): it only checks who is calling (the gateway's signed
 * identity, the same verifier as every route), reads the small body and hands a study heartbeat to the batching
 * producer — no database call. What it keeps of the platform's request pipeline: the request id, the private
 * no-store answer headers, the duration histogram and a 5xx counter; no per-request log line (refusals are logged
 * at debug level, failures at warn).
 *
 * HEAD on the same path answers 204 to a signed-in caller (401 otherwise) and does nothing else: the cheapest
 * authenticated request there is, which `npm run bench:ranking` measures as the gateway's own ceiling.
 */
@Injectable()
export class HeartbeatEndpoint implements RawHandler {
  readonly path = HEARTBEAT_PATH;
  private readonly verifier: AssertionVerifier;
  private readonly log = rootLogger().child({ component: 'heartbeat' });

  constructor(
    @Inject(CONFIG) config: RankingConfig,
    private readonly producer: HeartbeatProducer,
  ) {
    this.verifier = verifierFromEnv({ IDENTITY_PUBLIC_KEYS: config.IDENTITY_PUBLIC_KEYS });
  }

  handle = (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    const method = req.method ?? 'GET';
    const requestId = requestIdOf(req);
    // as the pipeline answers, without a log line per heartbeat
    const answer = (status: number, body?: string) =>
      sendRawAnswer(req, res, { service: 'ranking', route: HEARTBEAT_PATH, started, status, body, requestId });

    if (method !== 'POST' && method !== 'HEAD') return answer(404, ANSWERS.notFound);
    const user = this.userOf(req);
    if (!user) return answer(401, method === 'HEAD' ? undefined : ANSWERS.signedOut);
    if (method === 'HEAD') return answer(204);

    readBody(req, (raw, tooLarge) => {
      const body = tooLarge ? { status: 413, body: ANSWERS.tooLarge } : parseBody(req, raw);
      if ('status' in body) {
        this.log.debug({ reqId: requestId, status: body.status }, 'heartbeat refused');
        return answer(body.status, body.body);
      }
      if (!heartbeatEarns(body)) {
        // an older client's empty body, a tab on no lesson, manual or playing video: accepted, worth nothing
        heartbeatsAnswered.inc({ outcome: 'idle' });
        return answer(200, ANSWERS.ok);
      }
      this.producer
        .enqueue({ userId: user.id, at: Date.now(), activity: body.activity ?? null, visible: body.visible ?? false, email: user.email, name: user.name })
        .then(
          () => answer(200, ANSWERS.ok),
          (err: unknown) => {
            this.log.warn({ err, reqId: requestId }, 'heartbeat batch not queued');
            answer(503, ANSWERS.unavailable);
          },
        );
    });
  };

  private userOf(req: IncomingMessage) {
    const token = req.headers[ASSERTION_HEADER];
    if (typeof token !== 'string') return null;
    const identity = this.verifier.verify(token);
    return typeof identity === 'string' ? null : identity.user;
  }
}

/** Collects the body up to MAX_BODY_BYTES (the rest is read and dropped, so the connection stays usable). */
function readBody(req: IncomingMessage, done: (raw: Buffer | null, tooLarge: boolean) => void): void {
  const length = req.headers['content-length'];
  if (length === '0' || (length === undefined && req.headers['transfer-encoding'] === undefined)) return done(null, false);
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => done(size ? Buffer.concat(chunks) : null, size > MAX_BODY_BYTES));
  req.on('error', () => done(null, true));
}

/** The body as the contract reads it: none, or a JSON object (other content types carry no activity). */
function parseBody(req: IncomingMessage, raw: Buffer | null): HeartbeatBody | Refusal {
  if (!raw) return {};
  const encoding = req.headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity') return { status: 415, body: ANSWERS.unsupported };
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!/^application\/([\w.+-]+\+)?json\b/.test(type)) return {};
  const charset = /charset=([^;\s]+)/.exec(type)?.[1]?.replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return { status: 415, body: ANSWERS.unsupported };
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return { status: 400, body: ANSWERS.malformed };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { status: 400, body: ANSWERS.notAnObject };
  const parsed = HeartbeatBody.safeParse(value, { error: zodIssueMessage });
  if (!parsed.success) return { status: 400, body: json(parsed.error.issues[0]?.message ?? 'Requisição inválida') };
  return parsed.data;
}
