import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@clima/common';
import type { AuthConfig } from '../config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request refusal: a state-changing request that carries an Origin other than the site's
 * own (PUBLIC_URL) or one of ALLOWED_ORIGINS is refused. Requests without Origin (same-origin GETs,
 * non-browser clients) pass; SameSite=Lax cookies already keep cross-site form posts anonymous.
 */
@Injectable()
export class OriginPolicy {
  private readonly allowed: Set<string>;

  constructor(@Inject(CONFIG) config: Pick<AuthConfig, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>) {
    this.allowed = new Set([new URL(config.PUBLIC_URL).origin, ...config.ALLOWED_ORIGINS].map((o) => o.toLowerCase()));
  }

  refuses(method: string, origin: string | undefined): boolean {
    if (!STATE_CHANGING.has(method.toUpperCase())) return false;
    if (origin === undefined || origin === '') return false;
    return !this.allowed.has(origin.trim().toLowerCase());
  }
}
