import { Inject, Injectable } from '@nestjs/common';
import { AssertionVerifier, ASSERTION_HEADER, CONFIG, RawHandler, rootLogger, sendRawAnswer, verifierFromEnv } from '@clima/common';
import type { Me, SessionAnswer } from '@clima/contract';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { toAdminMe } from '../admin-auth/admin-auth.service';
import type { AuthConfig } from '../config';
import { COOKIES, readCookie } from '../infra/cookies';
import { SessionCookies } from '../sessions/session-cookies';
import { isSessionId, SessionStore } from '../sessions/session.store';
import { toMe } from './user.mapper';
import { UsersService } from './users.service';

export const ME_PATH = '/api/users/me';
export const SESSION_PATH = '/api/session';

/**
 * GET /api/users/me and GET /api/session for a signed-in user — read by the web apps on every load, the most
 * asked routes after the identity check — answered by the HTTP server before Fastify and Nest (RAW_HANDLERS):
 * the gateway's signed identity, the account (one Postgres statement) and the session's renewal (Redis) at the
 * same time, the same answer, headers and renewed cookie as UsersController. Everything else (another method, an
 * anonymous caller, an assertion refused, a session gone or not renewed, an account deleted meanwhile, a failure)
 * goes on to UsersController, which answers it (401, nulls, `{ error }`).
 */
@Injectable()
export class SessionUserEndpoints {
  readonly handlers: RawHandler[];
  private readonly verifier: AssertionVerifier;
  private readonly logger = rootLogger();

  constructor(
    @Inject(CONFIG) config: AuthConfig,
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
  ) {
    this.verifier = verifierFromEnv({ IDENTITY_PUBLIC_KEYS: config.IDENTITY_PUBLIC_KEYS });
    this.handlers = [
      { path: ME_PATH, handle: (req, res, next) => this.answer(req, res, next, ME_PATH) },
      { path: SESSION_PATH, handle: (req, res, next) => this.answer(req, res, next, SESSION_PATH) },
    ];
  }

  private answer(req: IncomingMessage, res: ServerResponse, next: () => void, route: typeof ME_PATH | typeof SESSION_PATH): void {
    const started = process.hrtime.bigint();
    const token = req.headers[ASSERTION_HEADER];
    if (req.method !== 'GET' || typeof token !== 'string') return next();
    const identity = this.verifier.verify(token);
    if (typeof identity === 'string' || !identity.user) return next();
    const sid = readCookie(req.headers.cookie, COOKIES.user);
    if (!isSessionId(sid)) return next();
    const userId = identity.user.id;
    Promise.all([this.users.findMe(userId), this.sessions.renew('user', sid, userId)]).then(
      ([user, renewed]) => {
        if (!user || renewed === false) return next();
        const me: Me = toMe(user);
        const answer: Me | SessionAnswer = route === ME_PATH ? me : { user: me, admin: identity.admin ? toAdminMe(identity.admin) : null };
        const headers: OutgoingHttpHeaders = { 'Cache-Control': 'no-store' };
        if (renewed) headers['Set-Cookie'] = this.cookies.header(COOKIES.user, sid, renewed);
        sendRawAnswer(req, res, { service: 'auth', route, started, status: 200, body: JSON.stringify(answer), headers, logger: this.logger });
      },
      // the pipeline tries again and answers as it does for any failure
      () => next(),
    );
  }
}
