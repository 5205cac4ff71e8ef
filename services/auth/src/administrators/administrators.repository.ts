import { Injectable } from '@nestjs/common';
import { likePattern, queryOne, queryRows } from '@clima/common';
import { DataSource } from 'typeorm';
import { Administrator } from './administrator.entity';

export interface AdministratorRow {
  id: number;
  username: string;
  created_at: Date;
}

/** The `auth.administrators` table. */
@Injectable()
export class AdministratorsRepository {
  constructor(private readonly ds: DataSource) {}

  list(search?: string): Promise<AdministratorRow[]> {
    return search
      ? queryRows<AdministratorRow>(
          this.ds,
          `SELECT id, username, created_at FROM auth.administrators
            WHERE public.f_unaccent(lower(username)) LIKE public.f_unaccent(lower($1)) ORDER BY created_at, id`,
          [likePattern(search)],
        )
      : queryRows<AdministratorRow>(this.ds, `SELECT id, username, created_at FROM auth.administrators ORDER BY created_at, id`);
  }

  find(id: number): Promise<AdministratorRow | undefined> {
    return queryOne<AdministratorRow>(this.ds, `SELECT id, username, created_at FROM auth.administrators WHERE id = $1`, [id]);
  }

  /** One query: the gateway's hot path. */
  identityRow(id: number): Promise<{ id: number; username: string } | undefined> {
    return queryOne(this.ds, `SELECT id, username FROM auth.administrators WHERE id = $1`, [id]);
  }

  /** Any case of the username. */
  findByUsername(username: string): Promise<{ id: number; username: string } | undefined> {
    return queryOne(this.ds, `SELECT id, username FROM auth.administrators WHERE lower(username) = lower($1)`, [username]);
  }

  /** With the password hash (sign-in); `username` already lower-case. */
  findWithPassword(username: string): Promise<Administrator | null> {
    return this.ds
      .getRepository(Administrator)
      .createQueryBuilder('a')
      .addSelect('a.passwordHash')
      .where('lower(a.username) = :username', { username })
      .getOne();
  }

  async insert(username: string, passwordHash: string): Promise<AdministratorRow> {
    const row = await queryOne<AdministratorRow>(
      this.ds,
      `INSERT INTO auth.administrators (username, password_hash) VALUES ($1, $2) RETURNING id, username, created_at`,
      [username, passwordHash],
    );
    return row!;
  }

  /** A null hash keeps the current password. */
  update(id: number, username: string, passwordHash: string | null): Promise<AdministratorRow | undefined> {
    return queryOne<AdministratorRow>(
      this.ds,
      `UPDATE auth.administrators SET username = $2, password_hash = COALESCE($3, password_hash) WHERE id = $1 RETURNING id, username, created_at`,
      [id, username, passwordHash],
    );
  }

  delete(id: number): Promise<AdministratorRow | undefined> {
    return queryOne<AdministratorRow>(this.ds, `DELETE FROM auth.administrators WHERE id = $1 RETURNING id, username, created_at`, [id]);
  }

  count(): Promise<number> {
    return this.ds.getRepository(Administrator).count();
  }
}
