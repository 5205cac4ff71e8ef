import { Injectable } from '@nestjs/common';
import { AppError } from '@clima/common';
import { AUTH_MESSAGES } from '@clima/contract';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { returning } from '../infra/sql';

export type TokenPurpose = 'password_reset' | 'email_verification';

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_verification: 48 * 3600_000,
};

/** Used and expired rows are kept this long after expiry (so a late click still reads "used" or "expired"), then removed. */
const KEEP_AFTER_EXPIRY = '7 days';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TokenRow {
  id: string;
  user_id: string;
  email: string;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * The single-use links the service e-mails. A token is 32 random bytes; only its SHA-256 is stored, so
 * the table never holds a usable link. Issuing a token removes the unused ones of the same user and
 * purpose: only the newest link works.
 */
@Injectable()
export class AccountTokens {
  constructor(private readonly ds: DataSource) {}

  /** A new token for the address `email`; call inside the transaction that locked the user's row. */
  async issue(m: EntityManager, userId: string, purpose: TokenPurpose, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await m.query(`DELETE FROM auth.account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [userId, purpose]);
    await m.query(`DELETE FROM auth.account_tokens WHERE expires_at < now() - interval '${KEEP_AFTER_EXPIRY}'`);
    await m.query(
      `INSERT INTO auth.account_tokens (user_id, purpose, token_hash, email, expires_at) VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
      [userId, purpose, digest(token), email, TOKEN_LIFETIME_MS[purpose]],
    );
    return token;
  }

  /** The usable token's row, or the 400 that tells an expired link from a used or unknown one. */
  async check(token: string, purpose: TokenPurpose, m: Pick<EntityManager, 'query'> = this.ds.manager): Promise<TokenRow> {
    const [row] = await returning<TokenRow>(
      m,
      `SELECT id, user_id, email, expires_at, used_at FROM auth.account_tokens WHERE token_hash = $1 AND purpose = $2`,
      [digest(token), purpose],
    );
    if (!row || row.used_at) throw AppError.badRequest(AUTH_MESSAGES.linkInvalid);
    if (new Date(row.expires_at).getTime() <= Date.now()) throw AppError.badRequest(AUTH_MESSAGES.linkExpired);
    return row;
  }

  /**
   * Marks the token used inside the transaction that applies what it proves; of two requests racing on
   * one link, the second gets the "used" answer.
   */
  async consume(m: EntityManager, token: string, purpose: TokenPurpose): Promise<TokenRow> {
    const [row] = await returning<TokenRow>(
      m,
      `UPDATE auth.account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING id, user_id, email, expires_at, used_at`,
      [digest(token), purpose],
    );
    if (row) return row;
    await this.check(token, purpose, m);
    throw AppError.badRequest(AUTH_MESSAGES.linkInvalid);
  }
}
