import { Injectable } from '@nestjs/common';
import { AdminIdentity, auditBefore, mapConstraintErrors } from '@clima/common';
import { AdministratorCreateBody, AdministratorUpdateBody, Administrator as AdministratorView } from '@clima/contract';
import { PasswordHasher } from '../infra/passwords';
import { SessionStore } from '../sessions/session.store';
import { AdministratorRow, AdministratorsRepository } from './administrators.repository';
import { authError, AuthError } from '../auth.errors';

const toView = (r: AdministratorRow): AdministratorView => ({ id: r.id, username: r.username, created_at: new Date(r.created_at).toISOString() });

/** Administrator accounts of the panel. */
@Injectable()
export class AdministratorsService {
  constructor(
    private readonly repo: AdministratorsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
  ) {}

  async list(search?: string): Promise<AdministratorView[]> {
    return (await this.repo.list(search)).map(toView);
  }

  async create(body: AdministratorCreateBody): Promise<AdministratorView> {
    const hash = await this.hasher.hash(body.password);
    const row = await mapConstraintErrors(() => this.repo.insert(body.username, hash), { unique: () => authError(AuthError.UsernameInUse) });
    return toView(row);
  }

  /** A blank password keeps the current one; a new password ends that administrator's other sessions. */
  async update(id: number, body: AdministratorUpdateBody, currentSessionId?: string): Promise<AdministratorView> {
    const password = body.password ? body.password : null;
    const hash = password ? await this.hasher.hash(password) : null;
    const old = await this.repo.find(id);
    if (old) auditBefore(toView(old));
    const row = await mapConstraintErrors(() => this.repo.update(id, body.username, hash), { unique: () => authError(AuthError.UsernameInUse) });
    if (!row) throw authError(AuthError.AdministratorNotFound);
    if (hash) await this.sessions.revokeAll('admin', String(id), currentSessionId);
    await this.sessions.forgetIdentity('admin', String(id));
    return toView(row);
  }

  /** No administrator deletes their own account; the deleted one loses access at once. */
  async remove(id: number, actor: AdminIdentity): Promise<void> {
    if (actor.id === String(id)) throw authError(AuthError.SelfDeleteAdministrator);
    const row = await this.repo.delete(id);
    if (!row) throw authError(AuthError.AdministratorNotFound);
    auditBefore(toView(row));
    await this.sessions.revokeAll('admin', String(id));
    await this.sessions.forgetIdentity('admin', String(id));
  }

  count(): Promise<number> {
    return this.repo.count();
  }
}
