import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, OnApplicationShutdown, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { liveSubscription, LiveSubscription } from '../database/redis';
import { catchError, finalize, from, map, mergeMap, Observable, of, throwError } from 'rxjs';
import type { BaseConfig } from '../config/config';
import { requestIdentity } from '../identity/access';
import type { AssertedIdentity } from '../identity/assertion';
import { isActiveSubscriber } from '../identity/identity';
import { CONFIG, REDIS } from '../platform.tokens';
import { rootLogger } from '../logging/logger';
import { pathOf } from './request-context';

/**
 * Answers that are the same for everyone of an audience (the public lists, the course categories with their
 * stats) are built once, kept in the service process as the bytes sent and a strong ETag,
 * and sent again until a write changes what they were made of:
 *
 * - a route declares it with `@SharedAnswer({ scopes, audience })`: the audience names who gets the same answer
 *   (e.g. active subscribers apart, since only they get the video sources), the scopes name the data it is made
 *   of; the key is the audience and the request's exact path and query string;
 * - a write names the scopes it changes, once committed and before its own answer leaves: `@Invalidates(...)` on
 *   an admin route, or `SharedAnswers.invalidate(...)` where the write happens (a view counted, a text job's outcome).
 *   The entries go at once in this process, and every other process of the service drops them when Redis
 *   pub/sub delivers the message. Each process that dropped them says so (a counter in Redis), and the write's
 *   request is answered once every process the message reached has (ACK_TIMEOUT_MS at most), so an
 *   administrator's change is what the next request sees, on any copy;
 * - while this process's subscription is not live (starting, Redis lost) nothing is served from memory or kept,
 *   and it starts empty once live again, so a missed message can never keep an answer a write changed;
 * - a build that began before a write of one of its scopes is not kept (generation check); concurrent requests
 *   for the same missing answer share one build;
 * - a hit is answered as the request arrives, before the route runs (see createServiceApp), `If-None-Match` → 304.
 *
 * ANSWER_CACHE_MB sets the memory kept per process (0: every answer is built, as before).
 */
export const SHARED_ANSWER_KEY = 'clima:shared-answer';
export const INVALIDATES_KEY = 'clima:invalidates';

/** Who gets the same answer as the caller: a group name, or null when the answer is the caller's own. */
export type Audience = (identity: AssertedIdentity) => string | null;

export const AUDIENCE = {
  /** The same answer whoever asks. */
  everyone: (() => 'all') as Audience,
  /** Active subscribers get the video sources; everyone else the same answer without them. */
  subscribersApart: ((i) => (isActiveSubscriber(i.user) ? 'subscriber' : 'others')) as Audience,
};

/**
 * An answer that holds something of some users' own (their row of a board, with their e-mail): the route builds it
 * whole, for no one in particular, and it is kept as built, in this process only; each caller is sent what
 * `present` shows them of it. Everyone it does not name gets the same bytes; each user it names gets theirs, made
 * from the kept answer without running the route again.
 */
export interface PersonalParts {
  /** The users the built answer holds something of their own for. */
  members(built: unknown): Iterable<string>;
  /** What `viewerId` (one of the members) is shown of the built answer; null: what everyone else is shown. */
  present(built: unknown, viewerId: string | null): unknown;
}

export interface SharedAnswerOptions {
  /** The data the answer is made of, as this service's writes name it (`@Invalidates`, `invalidate()`). */
  scopes: readonly string[];
  audience: Audience;
  personal?: PersonalParts;
}

/** The answer of this GET route is kept for its audience until a write of one of `scopes` (see above). */
export const SharedAnswer = (o: SharedAnswerOptions) => SetMetadata(SHARED_ANSWER_KEY, o);

/** This route writes data of these scopes: the kept answers made of them go once it has run (committed or not). */
export const Invalidates = (...scopes: string[]) => SetMetadata(INVALIDATES_KEY, scopes);

interface Entry {
  /** What everyone the answer does not name is sent, and its ETag. */
  body: Buffer;
  etag: string;
  scopes: readonly string[];
  /** The answer as built, the users it names and how they are shown it (see PersonalParts). */
  personal?: { built: unknown; members: ReadonlySet<string>; parts: PersonalParts };
}

/** The memory an entry is counted for: its bytes, twice when it also keeps the answer as built (about as large). */
const sizeOf = (entry: Entry): number => entry.body.length * (entry.personal ? 2 : 1);

/** The answer as built, serialised once: its text for this response, its bytes and ETag for the next ones. */
interface Built {
  text: string;
  entry: Entry;
}

/** The caller's own answer made from a kept (or just built) one that names them; undefined: the shared bytes are theirs. */
function ownAnswer(entry: Entry, identity: AssertedIdentity): { text: string; etag: string } | undefined {
  const p = entry.personal;
  const id = identity.user?.id;
  if (!p || !id || !p.members.has(id)) return undefined;
  const text = JSON.stringify(p.parts.present(p.built, id));
  return { text, etag: etagOf(text) };
}

interface Build {
  mark: string;
  done: Promise<Built | null>;
}

/** The ETag of a body: strong, its SHA-256 (128 bits are plenty to tell two answers apart). */
export const etagOf = (body: Buffer | string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

/** `If-None-Match` names this ETag (or `*`). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const value = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (value.trim() === '*') return true;
  for (const part of value.split(',')) {
    const t = part.trim();
    if (t === etag || t === `W/${etag}`) return true;
  }
  return false;
}

/** The header shared answers carry: the browser keeps them and asks again with If-None-Match (a 304 when unchanged). */
export const SHARED_CACHE_CONTROL = 'private, no-cache';

const PUBLISH_TIMEOUT_MS = 1000;
/** How long a write waits for the other processes to say they dropped its scopes (a process that hangs is not waited for). */
const ACK_TIMEOUT_MS = 250;
const ACK_POLL_MS = 2;
/** Own invalidations remembered until heard, at most (past that, forgotten: each then costs the others' round trip). */
const OWN_MESSAGES_MAX = 10_000;

@Injectable()
export class SharedAnswers implements OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Build>();
  private readonly generations = new Map<string, number>();
  /** Bumped when everything is dropped (subscription lost or renewed). */
  private epoch = 0;
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly channel: string;
  private subscriber: LiveSubscription | null = null;
  /** Whether this process hears the invalidations now (only then does it keep and send answers). */
  private get live(): boolean {
    return this.subscriber?.live ?? false;
  }
  private routes = new Map<string, SharedAnswerOptions>();
  private serving = false;
  /** The invalidations this process published that its own subscription has not heard yet, by message id. */
  private readonly own = new Map<string, { heard: boolean }>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) config: Pick<BaseConfig, 'KEY_PREFIX' | 'ANSWER_CACHE_MB'> & { SERVICE?: string },
  ) {
    this.maxBytes = config.ANSWER_CACHE_MB * 1024 * 1024;
    this.channel = `${config.KEY_PREFIX}:answers:${config.SERVICE ?? 'service'}`;
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** Whether this process hears the invalidations now (only then does it keep and send answers). */
  get listening(): boolean {
    return this.live;
  }

  /**
   * Called by createServiceApp with the routes that declared a shared answer: their hits are then answered as the
   * request arrives (`answer()`), and the subscription starts.
   */
  serve(routes: Map<string, SharedAnswerOptions>): void {
    this.routes = routes;
    this.serving = true;
    if (routes.size) this.listen();
  }

  /**
   * Drops every kept answer made of these scopes, here and (Redis pub/sub) in every other process of the service,
   * and returns once each process the message reached has dropped them.
   */
  async invalidate(...scopes: string[]): Promise<void> {
    if (!scopes.length) return;
    this.drop(scopes);
    const id = randomUUID();
    // this process hears its own message too: dropped above already, it is only counted here (no Redis round trip)
    const mine = this.subscriber ? this.rememberOwn(id) : null;
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    try {
      const reached = await Promise.race([
        this.redis.publish(this.channel, `${id}|${scopes.join(',')}`),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('publish timeout')), PUBLISH_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      if (reached === 0) this.own.delete(id);
      // only this process heard it (one copy of the service): dropped above already, nobody to wait for
      if (reached <= 1) return;
      const key = this.ackKey(id);
      while (Number((await this.redis.get(key)) ?? 0) + (mine?.heard ? 1 : 0) < reached && Date.now() < deadline) await new Promise((r) => setTimeout(r, ACK_POLL_MS));
      await this.redis.del(key);
    } catch (err) {
      // Redis is not answering: the other processes' subscriptions are down too, so they keep nothing meanwhile
      // and start empty when it is back
      rootLogger().warn({ err, scopes }, 'shared answers: invalidation not published');
    } finally {
      clearTimeout(timer);
    }
  }

  /** An invalidation this process publishes, until its own subscription hears it (bounded: a message lost is forgotten). */
  private rememberOwn(id: string): { heard: boolean } {
    if (this.own.size >= OWN_MESSAGES_MAX) this.own.clear();
    const mine = { heard: false };
    this.own.set(id, mine);
    return mine;
  }

  private ackKey(id: string): string {
    return `${this.channel}:ack:${id}`;
  }

  /**
   * A message heard: its scopes dropped here, then said so to the write that published it. This process's own
   * message was dropped before it was published: it is only marked heard, for its write to count.
   */
  private heard(message: string): void {
    const bar = message.indexOf('|');
    if (bar >= 0) {
      const id = message.slice(0, bar);
      const mine = this.own.get(id);
      if (mine) {
        mine.heard = true;
        this.own.delete(id);
        return;
      }
    }
    this.drop((bar < 0 ? message : message.slice(bar + 1)).split(','));
    if (bar < 0) return;
    const key = this.ackKey(message.slice(0, bar));
    this.redis
      .multi()
      .incr(key)
      .pexpire(key, 10_000)
      .exec()
      .catch(() => undefined);
  }

  /** A snapshot of the generations of these scopes, taken before an answer is built. */
  mark(scopes: readonly string[]): string {
    let m = String(this.epoch);
    for (const s of scopes) m += `:${this.generations.get(s) ?? 0}`;
    return m;
  }

  /** The kept answer for this key, while invalidations are heard. */
  lookup(key: string): Entry | undefined {
    return this.live ? this.entries.get(key) : undefined;
  }

  /** Keeps an answer unless a write of its scopes happened since `mark` (or the memory is full of newer ones). */
  store(key: string, mark: string, entry: Entry): void {
    if (!this.live || !this.enabled || mark !== this.mark(entry.scopes) || sizeOf(entry) > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    // oldest first (a Map keeps insertion order): the answers asked for long ago go first
    for (const [k, e] of this.entries) {
      if (this.bytes + sizeOf(entry) <= this.maxBytes) break;
      this.remove(k, e);
    }
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
  }

  /** The build of this key under way with this mark, or undefined. */
  pending(key: string, mark: string): Build | undefined {
    // only while invalidations are heard: a build another process's write made stale must not be shared
    if (!this.live) return undefined;
    const b = this.building.get(key);
    return b && b.mark === mark ? b : undefined;
  }

  startBuild(key: string, build: Build): void {
    if (!this.live) return;
    this.building.set(key, build);
    void build.done.finally(() => {
      if (this.building.get(key) === build) this.building.delete(key);
    });
  }

  /**
   * Answers a GET of a shared route from memory when the request arrives (an onRequest hook of createServiceApp,
   * after the request context and the caller's identity): the same headers as the route's own answer, and the
   * request id, metrics and log line of every answer; false when it cannot (not kept, not live, another route).
   */
  answer(req: FastifyRequest, reply: FastifyReply): boolean {
    if (req.method !== 'GET' || !this.live || !this.serving) return false;
    const url = req.url;
    const route = this.routes.get(pathOf(url));
    if (!route) return false;
    const identity = requestIdentity(req);
    const audience = route.audience(identity);
    if (audience === null) return false;
    const entry = this.lookup(`${audience} ${url}`);
    if (!entry) return false;
    const own = ownAnswer(entry, identity);
    const etag = own?.etag ?? entry.etag;
    reply.header('Cache-Control', SHARED_CACHE_CONTROL).header('ETag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) void reply.code(304).send();
    else void reply.code(200).header('Content-Type', 'application/json; charset=utf-8').send(own?.text ?? entry.body);
    return true;
  }

  private drop(scopes: readonly string[]): void {
    for (const s of scopes) this.generations.set(s, (this.generations.get(s) ?? 0) + 1);
    for (const [k, e] of this.entries) if (e.scopes.some((s) => scopes.includes(s))) this.remove(k, e);
  }

  private remove(key: string, e: Entry): void {
    if (this.entries.get(key) === e) {
      this.entries.delete(key);
      this.bytes -= sizeOf(e);
    }
  }

  private clear(): void {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
    // what was published before this point is not heard any more
    this.own.clear();
  }

  private listen(): void {
    if (this.subscriber || !this.enabled) return;
    this.subscriber = liveSubscription(this.redis, this.channel, { reset: () => this.clear(), message: (text) => this.heard(text) });
  }

  async onApplicationShutdown(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    await sub?.close();
  }
}

/**
 * Applied to every route by createServiceApp: builds and keeps the answers of @SharedAnswer routes (one build
 * for concurrent requests of the same answer), sends them with their ETag (304 when If-None-Match has it), and
 * drops what an @Invalidates route changed once it has run.
 */
@Injectable()
export class SharedAnswerInterceptor implements NestInterceptor {
  private readonly plans = new WeakMap<object, { shared?: SharedAnswerOptions; invalidates?: string[] }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly answers: SharedAnswers,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const handler = ctx.getHandler();
    let plan = this.plans.get(handler);
    if (!plan) {
      plan = {
        shared: this.reflector.get<SharedAnswerOptions | undefined>(SHARED_ANSWER_KEY, handler),
        invalidates: this.reflector.get<string[] | undefined>(INVALIDATES_KEY, handler),
      };
      this.plans.set(handler, plan);
    }
    if (plan.invalidates) {
      const scopes = plan.invalidates;
      // once the handler has run, committed or failed (a write may have committed before a later step failed)
      return next.handle().pipe(
        mergeMap((answer) => from(this.answers.invalidate(...scopes)).pipe(map(() => answer))),
        catchError((err: unknown) => from(this.answers.invalidate(...scopes)).pipe(mergeMap(() => throwError(() => err)))),
      );
    }
    const shared = plan.shared;
    if (!shared) return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const res = ctx.switchToHttp().getResponse<FastifyReply>();
    const identity = requestIdentity(req);
    const audience = req.method === 'GET' || req.method === 'HEAD' ? shared.audience(identity) : null;
    // not shared: the caller's answer as built, but never more of it than they are shown (PersonalParts)
    const parts = shared.personal;
    if (audience === null) return parts ? next.handle().pipe(map((answer: unknown) => parts.present(answer, identity.user?.id ?? null))) : next.handle();
    const key = `${audience} ${req.originalUrl}`;
    const send = (b: Built) => {
      const own = ownAnswer(b.entry, identity);
      const etag = own?.etag ?? b.entry.etag;
      res.header('Content-Type', 'application/json; charset=utf-8');
      res.header('Cache-Control', SHARED_CACHE_CONTROL);
      res.header('ETag', etag);
      // the caller already holds these bytes: 304 without them
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.code(304);
        return '';
      }
      return own?.text ?? b.text;
    };
    const kept = this.answers.lookup(key);
    if (kept) return of(send({ text: kept.body.toString('utf8'), entry: kept }));
    const mark = this.answers.mark(shared.scopes);
    const pending = this.answers.pending(key, mark);
    // the build under way, or this request's own when it failed
    if (pending) return from(pending.done).pipe(mergeMap((b) => (b ? of(send(b)) : next.handle().pipe(map((answer: unknown) => send(buildEntry(answer, shared)))))));
    let settle!: (b: Built | null) => void;
    this.answers.startBuild(key, { mark, done: new Promise((r) => (settle = r)) });
    return next.handle().pipe(
      map((answer: unknown) => {
        const b = buildEntry(answer, shared);
        this.answers.store(key, mark, b.entry);
        settle(b);
        return send(b);
      }),
      finalize(() => settle(null)),
    );
  }

}

/** The answer as built, with what everyone it does not name is sent serialised once. */
function buildEntry(answer: unknown, o: SharedAnswerOptions): Built {
  const parts = o.personal;
  const text = JSON.stringify(parts ? parts.present(answer, null) : answer);
  const body = Buffer.from(text);
  const entry: Entry = { body, etag: etagOf(body), scopes: o.scopes };
  if (parts) entry.personal = { built: answer, members: new Set(parts.members(answer)), parts };
  return { text, entry };
}
