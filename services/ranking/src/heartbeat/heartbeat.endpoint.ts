import { Injectable } from '@nestjs/common';
import { AppError, HTTP_TEXTS, type HttpReply, type HttpRequest, type PlatformRoute, requestIdentity, rootLogger, zodIssueMessage } from '@clima/common';
import { HeartbeatBody } from '@clima/contract';
import { heartbeatEarns } from '../shared/learning';
import { heartbeatsAnswered, HeartbeatProducer } from './heartbeat.producer';

export const HEARTBEAT_PATH = '/api/users/session/heartbeat';
/** A heartbeat body is a few dozen bytes; anything much larger is refused without being parsed. */
const MAX_BODY_BYTES = 4096;

/**
 * POST /api/users/session/heartbeat — the platform's firehose (every signed-in tab, every 30 s): a platform route
 * (http/platform-routes.ts), answered by Fastify without the Nest layers but with the one pipeline's request id,
 * identity, access rule (`user`), body parser, metrics and error shapes. It reads the small body and hands a study
 * heartbeat to the batching producer — no database call, no log line per heartbeat (failures at warn).
 *
 * HEAD on the same path answers 204 to a signed-in caller (401 otherwise) and does nothing else: the cheapest
 * authenticated request there is, which `npm run bench:ranking` measures as the gateway's own ceiling.
 */
@Injectable()
export class HeartbeatEndpoint implements PlatformRoute {
  readonly method = ['POST', 'HEAD'] as PlatformRoute['method'];
  readonly path = HEARTBEAT_PATH;
  readonly quiet = true;
  readonly bodyLimit = MAX_BODY_BYTES;
  private readonly log = rootLogger().child({ component: 'heartbeat' });

  constructor(private readonly producer: HeartbeatProducer) {}

  handler = async (req: HttpRequest, reply: HttpReply): Promise<unknown> => {
    if (req.method === 'HEAD') return reply.code(204).send();
    const user = requestIdentity(req).user!;
    const body = parseBody(req.body);
    if (!heartbeatEarns(body)) {
      // an older client's empty body, a tab on no lesson, manual or playing video: accepted, worth nothing
      heartbeatsAnswered.inc({ outcome: 'idle' });
      return OK;
    }
    try {
      await this.producer.enqueue({ userId: user.id, at: Date.now(), activity: body.activity ?? null, visible: body.visible ?? false, email: user.email, name: user.name });
    } catch (err) {
      this.log.warn({ err, reqId: req.id }, 'heartbeat batch not queued');
      throw AppError.unavailable();
    }
    return OK;
  };
}

const OK = { ok: true } as const;

/** The body as the contract reads it: none, or a JSON object (the parsers leave other content types unread). */
function parseBody(value: unknown): HeartbeatBody {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw AppError.badRequest(HTTP_TEXTS.notAnObject);
  const parsed = HeartbeatBody.safeParse(value, { error: zodIssueMessage });
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? HTTP_TEXTS.badRequest);
  return parsed.data;
}
