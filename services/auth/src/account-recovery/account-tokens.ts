import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@clima/common';
import type { EntityManager } from 'typeorm';
import { AccountTokensRepository, type TokenRow } from './account-tokens.repository';
import { authError, AuthError } from '../auth.errors';

export type TokenPurpose = 'password_reset' | 'email_verification';

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_verification: 48 * 3600_000,
};

/** Used and expired rows are kept this long after expiry (so a late click still reads "used" or "expired"), then removed. */
const KEEP_AFTER_EXPIRY = '7 days';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The single-use links the service e-mails. A token is 32 random bytes; only its SHA-256 is stored, so
 * the table never holds a usable link. Issuing a token removes the unused ones of the same user and
 * purpose: only the newest link works.
 */
@Injectable()
export class AccountTokens {
  constructor(private readonly repo: AccountTokensRepository) {}

  /** A new token for the address `email`; call inside the transaction that locked the user's row. */
  async issue(m: EntityManager, userId: string, purpose: TokenPurpose, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.replace(m, {
      userId,
      purpose,
      tokenHash: digest(token),
      email,
      lifetimeMs: TOKEN_LIFETIME_MS[purpose],
      keepAfterExpiry: KEEP_AFTER_EXPIRY,
    });
    return token;
  }

  /** The usable token's row, or the 400 that tells an expired link from a used or unknown one. */
  async check(token: string, purpose: TokenPurpose, db?: Queryable): Promise<TokenRow> {
    const row = await this.repo.find(digest(token), purpose, db);
    if (!row || row.used_at) throw authError(AuthError.LinkInvalid);
    if (new Date(row.expires_at).getTime() <= Date.now()) throw authError(AuthError.LinkExpired);
    return row;
  }

  /**
   * Marks the token used inside the transaction that applies what it proves; of two requests racing on
   * one link, the second gets the "used" answer.
   */
  async consume(m: EntityManager, token: string, purpose: TokenPurpose): Promise<TokenRow> {
    const row = await this.repo.markUsed(m, digest(token), purpose);
    if (row) return row;
    await this.check(token, purpose, m);
    throw authError(AuthError.LinkInvalid);
  }
}
