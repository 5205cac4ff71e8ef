import { Injectable } from '@nestjs/common';
import { queryOne, type Queryable } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';

export interface TokenRow {
  id: string;
  user_id: string;
  email: string;
  expires_at: Date;
  used_at: Date | null;
}

/** The `auth.account_tokens` table; tokens arrive here already hashed. */
@Injectable()
export class AccountTokensRepository {
  constructor(private readonly ds: DataSource) {}

  /** Replaces the unused tokens of the user and purpose, and removes those expired longer than `keepAfterExpiry` ago. */
  async replace(
    m: EntityManager,
    t: { userId: string; purpose: string; tokenHash: string; email: string; lifetimeMs: number; keepAfterExpiry: string },
  ): Promise<void> {
    await m.query(`DELETE FROM auth.account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [t.userId, t.purpose]);
    await m.query(`DELETE FROM auth.account_tokens WHERE expires_at < now() - interval '${t.keepAfterExpiry}'`);
    await m.query(
      `INSERT INTO auth.account_tokens (user_id, purpose, token_hash, email, expires_at) VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
      [t.userId, t.purpose, t.tokenHash, t.email, t.lifetimeMs],
    );
  }

  find(tokenHash: string, purpose: string, db: Queryable = this.ds): Promise<TokenRow | undefined> {
    return queryOne<TokenRow>(
      db,
      `SELECT id, user_id, email, expires_at, used_at FROM auth.account_tokens WHERE token_hash = $1 AND purpose = $2`,
      [tokenHash, purpose],
    );
  }

  /** Marks a usable token used; undefined when it is not (any more) usable. */
  markUsed(m: EntityManager, tokenHash: string, purpose: string): Promise<TokenRow | undefined> {
    return queryOne<TokenRow>(
      m,
      `UPDATE auth.account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING id, user_id, email, expires_at, used_at`,
      [tokenHash, purpose],
    );
  }
}
