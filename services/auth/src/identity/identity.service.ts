import { Injectable } from '@nestjs/common';
import type { AdminIdentity, Identity, UserIdentity } from '@clima/common';
import { AdministratorsRepository } from '../administrators/administrators.repository';
import { COOKIES, readCookie } from '../infra/cookies';
import { isSessionId, SessionStore } from '../sessions/session.store';
import { toUserIdentity } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { IdentityCache } from './identity-cache';

const ANONYMOUS: Identity = { user: null, admin: null };

/**
 * Who is calling, from the session cookies: the hot path of every API request. The auth process's own
 * cache (revoked at once on every change, see IdentityCache) answers most requests; a miss costs one
 * Redis round trip for both sessions and their cached identities, and only a cold identity reads Postgres.
 */
@Injectable()
export class IdentityService {
  constructor(
    private readonly sessions: SessionStore,
    private readonly cache: IdentityCache,
    private readonly users: UsersRepository,
    private readonly administrators: AdministratorsRepository,
  ) {}

  async identify(cookieHeader: string | string[] | undefined): Promise<Identity> {
    const userSid = readCookie(cookieHeader, COOKIES.user);
    const adminSid = readCookie(cookieHeader, COOKIES.admin);
    const hasUser = isSessionId(userSid);
    const hasAdmin = isSessionId(adminSid);
    if (!hasUser && !hasAdmin) return ANONYMOUS;
    const mark = this.cache.mark();
    const local = this.fromCache(hasUser ? userSid : undefined, hasAdmin ? adminSid : undefined);
    if (local) return local;

    const r = await this.sessions.resolve(userSid, adminSid);
    const [user, administrator] = await Promise.all([
      r.userId ? (r.userIdentity ? (JSON.parse(r.userIdentity) as UserIdentity) : this.loadUser(r.userId, r.epoch)) : null,
      r.adminId ? (r.adminIdentity ? (JSON.parse(r.adminIdentity) as AdminIdentity) : this.loadAdministrator(r.adminId, r.epoch)) : null,
    ]);
    if (hasUser && user) {
      this.cache.rememberSession(mark, 'user', userSid, user.id);
      this.cache.rememberIdentity(mark, 'user', user.id, user);
    }
    if (hasAdmin && administrator) {
      this.cache.rememberSession(mark, 'admin', adminSid, administrator.id);
      this.cache.rememberIdentity(mark, 'admin', administrator.id, administrator);
    }
    return compose(user, administrator);
  }

  /** Both cookies answered from memory, or undefined (any part unknown: ask Redis for all of it). */
  private fromCache(userSid: string | undefined, adminSid: string | undefined): Identity | undefined {
    let user: UserIdentity | null = null;
    let administrator: AdminIdentity | null = null;
    if (userSid) {
      const owner = this.cache.session('user', userSid);
      user = owner ? (this.cache.identity<UserIdentity>('user', owner) ?? null) : null;
      if (!user) return undefined;
    }
    if (adminSid) {
      const owner = this.cache.session('admin', adminSid);
      administrator = owner ? (this.cache.identity<AdminIdentity>('admin', owner) ?? null) : null;
      if (!administrator) return undefined;
    }
    return compose(user, administrator);
  }

  private async loadUser(id: string, epoch: string): Promise<UserIdentity | null> {
    const row = await this.users.identityRow(id);
    if (!row) return null;
    const identity = toUserIdentity({ id: row.id, email: row.email, name: row.name, subscriptionStatus: row.subscription_status, isAdmin: row.is_admin });
    await this.sessions.cacheIdentity('user', id, identity, epoch);
    return identity;
  }

  private async loadAdministrator(id: string, epoch: string): Promise<AdminIdentity | null> {
    if (!/^\d{1,10}$/.test(id)) return null;
    const row = await this.administrators.identityRow(Number(id));
    if (!row) return null;
    const identity: AdminIdentity = { id: String(row.id), username: row.username };
    await this.sessions.cacheIdentity('admin', id, identity, epoch);
    return identity;
  }
}

/** An end user with the is_admin flag may use the panel with their own session. */
function compose(user: UserIdentity | null, administrator: AdminIdentity | null): Identity {
  const admin = administrator ?? (user?.isAdmin ? { id: `user:${user.id}`, username: user.email } : null);
  return { user, admin };
}
