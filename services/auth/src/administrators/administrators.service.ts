import { Injectable } from '@nestjs/common';
import { AdminIdentity, AppError, auditBefore, likePattern } from '@clima/common';
import { AdministratorCreateBody, AdministratorUpdateBody, Administrator as AdministratorView, AUTH_MESSAGES } from '@clima/contract';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../infra/passwords';
import { isUniqueViolation, returning } from '../infra/sql';
import { SessionStore } from '../sessions/session.store';
import { Administrator } from './administrator.entity';

interface Row {
  id: number;
  username: string;
  created_at: Date;
}
const toView = (r: Row): AdministratorView => ({ id: r.id, username: r.username, created_at: new Date(r.created_at).toISOString() });

/** Administrator accounts of the panel. */
@Injectable()
export class AdministratorsService {
  constructor(
    private readonly ds: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
  ) {}

  async list(search?: string): Promise<AdministratorView[]> {
    const rows: Row[] = search
      ? await this.ds.query(
          `SELECT id, username, created_at FROM auth.administrators
            WHERE public.f_unaccent(lower(username)) LIKE public.f_unaccent(lower($1)) ORDER BY created_at, id`,
          [likePattern(search)],
        )
      : await this.ds.query(`SELECT id, username, created_at FROM auth.administrators ORDER BY created_at, id`);
    return rows.map(toView);
  }

  async create(body: AdministratorCreateBody): Promise<AdministratorView> {
    const hash = await this.hasher.hash(body.password);
    try {
      const [row] = await returning<Row>(
        this.ds.manager,
        `INSERT INTO auth.administrators (username, password_hash) VALUES ($1, $2) RETURNING id, username, created_at`,
        [body.username, hash],
      );
      return toView(row!);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(AUTH_MESSAGES.usernameInUse);
      throw err;
    }
  }

  /** A blank password keeps the current one; a new password ends that administrator's other sessions. */
  async update(id: number, body: AdministratorUpdateBody, currentSessionId?: string): Promise<AdministratorView> {
    const password = body.password ? body.password : null;
    const hash = password ? await this.hasher.hash(password) : null;
    const [old] = await returning<Row>(this.ds.manager, `SELECT id, username, created_at FROM auth.administrators WHERE id = $1`, [id]);
    if (old) auditBefore(toView(old));
    let row: Row | undefined;
    try {
      [row] = await returning<Row>(
        this.ds.manager,
        `UPDATE auth.administrators SET username = $2, password_hash = COALESCE($3, password_hash) WHERE id = $1 RETURNING id, username, created_at`,
        [id, body.username, hash],
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(AUTH_MESSAGES.usernameInUse);
      throw err;
    }
    if (!row) throw AppError.notFound(AUTH_MESSAGES.administratorNotFound);
    if (hash) await this.sessions.revokeAll('admin', String(id), currentSessionId);
    await this.sessions.forgetIdentity('admin', String(id));
    return toView(row);
  }

  /** No administrator deletes their own account; the deleted one loses access at once. */
  async remove(id: number, actor: AdminIdentity): Promise<void> {
    if (actor.id === String(id)) throw AppError.forbidden(AUTH_MESSAGES.selfDeleteAdministrator);
    const rows = await returning<Row>(this.ds.manager, `DELETE FROM auth.administrators WHERE id = $1 RETURNING id, username, created_at`, [id]);
    if (!rows.length) throw AppError.notFound(AUTH_MESSAGES.administratorNotFound);
    auditBefore(toView(rows[0]!));
    await this.sessions.revokeAll('admin', String(id));
    await this.sessions.forgetIdentity('admin', String(id));
  }

  count(): Promise<number> {
    return this.ds.getRepository(Administrator).count();
  }
}
