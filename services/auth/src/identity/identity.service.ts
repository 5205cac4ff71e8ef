import { Injectable } from '@nestjs/common';
import type { AdminIdentity, Identity, UserIdentity } from '@clima/common';
import { DataSource } from 'typeorm';
import { COOKIES, readCookie } from '../infra/cookies';
import { isSessionId, SessionStore } from '../sessions/session.store';
import { toUserIdentity } from '../users/user.mapper';

const ANONYMOUS: Identity = { user: null, admin: null };

/**
 * Who is calling, from the session cookies: the hot path of every API request. One Redis round trip
 * reads both sessions and their cached identities; only a cache miss reads Postgres.
 */
@Injectable()
export class IdentityService {
  constructor(
    private readonly sessions: SessionStore,
    private readonly ds: DataSource,
  ) {}

  async identify(cookieHeader: string | string[] | undefined): Promise<Identity> {
    const userSid = readCookie(cookieHeader, COOKIES.user);
    const adminSid = readCookie(cookieHeader, COOKIES.admin);
    if (!isSessionId(userSid) && !isSessionId(adminSid)) return ANONYMOUS;
    const r = await this.sessions.resolve(userSid, adminSid);
    const [user, administrator] = await Promise.all([
      r.userId ? (r.userIdentity ? (JSON.parse(r.userIdentity) as UserIdentity) : this.loadUser(r.userId)) : null,
      r.adminId ? (r.adminIdentity ? (JSON.parse(r.adminIdentity) as AdminIdentity) : this.loadAdministrator(r.adminId)) : null,
    ]);
    // an end user with the is_admin flag may use the panel with their own session
    const admin = administrator ?? (user?.isAdmin ? { id: `user:${user.id}`, username: user.email } : null);
    return { user, admin };
  }

  private async loadUser(id: string): Promise<UserIdentity | null> {
    const rows: { id: string; email: string; name: string | null; subscription_status: string; is_admin: boolean }[] = await this.ds.query(
      `SELECT id, email, name, subscription_status, is_admin FROM auth.users WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const identity = toUserIdentity({ id: row.id, email: row.email, name: row.name, subscriptionStatus: row.subscription_status, isAdmin: row.is_admin });
    await this.sessions.cacheIdentity('user', id, identity);
    return identity;
  }

  private async loadAdministrator(id: string): Promise<AdminIdentity | null> {
    if (!/^\d{1,10}$/.test(id)) return null;
    const rows: { id: number; username: string }[] = await this.ds.query(`SELECT id, username FROM auth.administrators WHERE id = $1`, [Number(id)]);
    const row = rows[0];
    if (!row) return null;
    const identity: AdminIdentity = { id: String(row.id), username: row.username };
    await this.sessions.cacheIdentity('admin', id, identity);
    return identity;
  }
}
