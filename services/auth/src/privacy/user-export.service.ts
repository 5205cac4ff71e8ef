import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ask, CONFIG, createRpcClient, REDIS, rpcPattern, isoOrNull } from '@clima/common';
import {
  AuthExport,
  EXPORT_PART_SCHEMAS,
  EXPORT_SERVICES,
  ExportService,
  USER_EXPORT_QUERY,
} from '@clima/contract';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import type { AuthConfig } from '../config';
import { RedisKeys } from '../infra/redis-keys';
import { isSessionId } from '../sessions/session.store';
import { UsersRepository } from '../users/users.repository';
import { GoogleReauth } from './google-reauth';
import { authError, AuthError } from '../auth.errors';

export type ExportParts = { [S in ExportService]: z.infer<(typeof EXPORT_PART_SCHEMAS)[S]> };

/** Everything the platform holds about one user, one part per service. */
export interface ExportBundle {
  userId: string;
  email: string;
  auth: AuthExport;
  parts: ExportParts;
}


/**
 * Gathers the LGPD export: this service's part read here, every other service's part asked over Redis
 * RPC in parallel with EXPORT_RPC_TIMEOUT_MS. All parts or nothing: a service that does not answer (or
 * answers something that is not its contract) fails the export, so a partial file is never offered as
 * the whole.
 */
@Injectable()
export class UserExportService implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger(UserExportService.name);
  private readonly client: ClientProxy;

  constructor(
    private readonly users: UsersRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly googleReauth: GoogleReauth,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {
    this.client = createRpcClient(config.REDIS_URL);
  }

  onModuleInit(): void {
    // connect ahead of the first export; a failure here is retried on the first ask
    this.client.connect().catch((err: unknown) => this.log.warn(`RPC client: ${err instanceof Error ? err.message : String(err)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.resolve(this.client.close()).catch(() => undefined);
  }

  async gather(userId: string, currentSessionId: string | undefined): Promise<ExportBundle> {
    const [auth, ...answers] = await Promise.all([this.own(userId, currentSessionId), ...EXPORT_SERVICES.map((s) => this.part(s, userId))]);
    if (!auth) throw authError(AuthError.SignedOut);
    const missing = EXPORT_SERVICES.filter((_, i) => answers[i] === null);
    if (missing.length) {
      this.log.warn({ userId, missing, msg: `exportação sem resposta de: ${missing.join(', ')}` });
      throw authError(AuthError.ExportIncomplete);
    }
    const parts = Object.fromEntries(EXPORT_SERVICES.map((s, i) => [s, answers[i]])) as ExportParts;
    return { userId, email: auth.account.email, auth, parts };
  }

  private async part(service: ExportService, userId: string): Promise<unknown> {
    const answer = await ask<unknown>(this.client, rpcPattern(service, USER_EXPORT_QUERY), { userId }, this.config.EXPORT_RPC_TIMEOUT_MS);
    if (answer === null) return null;
    const parsed = EXPORT_PART_SCHEMAS[service].safeParse(answer);
    if (!parsed.success) {
      this.log.error({ service, issues: parsed.error.issues.slice(0, 3), msg: 'export part does not match the contract' });
      return null;
    }
    return parsed.data;
  }

  /** This service's part: the account (never the password hash) and the sessions still open. */
  private async own(userId: string, currentSessionId: string | undefined): Promise<AuthExport | null> {
    const user = await this.users.findWithPasswordById(userId);
    if (!user) return null;
    return {
      account: {
        id: user.id,
        name: user.name,
        email: user.email,
        email_verified_at: isoOrNull(user.emailVerifiedAt),
        has_password: !!user.passwordHash,
        google_linked: !!user.googleSub,
        google_user_data: user.googleUserData ? { name: user.googleUserData.name ?? null, picture: user.googleUserData.picture ?? null } : null,
        subscription_status: user.subscriptionStatus,
        subscription_plan: user.subscriptionPlan,
        subscription_expires_at: isoOrNull(user.subscriptionExpiresAt),
        is_admin: user.isAdmin,
        created_at: isoOrNull(user.createdAt)!,
        updated_at: isoOrNull(user.updatedAt)!,
      },
      sessions: await this.sessions(userId, currentSessionId),
    };
  }

  /** The user's open sessions (their ids are credentials and never leave Redis: only expiry and origin are told). */
  private async sessions(userId: string, currentSessionId: string | undefined): Promise<AuthExport['sessions']> {
    const sids = (await this.redis.smembers(this.keys.userSessionIndex(userId))).filter(isSessionId);
    if (!sids.length) return [];
    const p = this.redis.pipeline();
    for (const sid of sids) p.get(this.keys.userSession(sid)).pttl(this.keys.userSession(sid));
    const res = (await p.exec()) ?? [];
    const now = Date.now();
    const open = sids
      .map((sid, i) => ({ sid, owner: res[2 * i]?.[1] as string | null, ttl: Number(res[2 * i + 1]?.[1] ?? -2) }))
      .filter((s) => s.owner === userId && s.ttl > 0);
    const sessions = await Promise.all(
      open.map(async (s) => ({
        current: s.sid === currentSessionId,
        expires_at: new Date(now + s.ttl).toISOString(),
        google_sign_in_at: isoOrNull(await this.googleReauth.signedInAt(s.sid, userId)),
      })),
    );
    return sessions.sort((a, b) => a.expires_at.localeCompare(b.expires_at));
  }
}
