import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@clima/common';
import type { HttpReply as Response } from '@clima/common';
import type { AuthConfig } from '../config';
import { COOKIES, serializeCookie } from '../infra/cookies';

type CookieName = (typeof COOKIES)[keyof typeof COOKIES];

/** Writes and clears the platform's cookies (Secure when the public address is https). */
@Injectable()
export class SessionCookies {
  private readonly secure: boolean;

  constructor(@Inject(CONFIG) config: Pick<AuthConfig, 'PUBLIC_URL'>) {
    this.secure = new URL(config.PUBLIC_URL).protocol === 'https:';
  }

  set(res: Response, name: CookieName, value: string, maxAgeSeconds: number): void {
    res.header('Set-Cookie', this.header(name, value, maxAgeSeconds));
  }

  /** The Set-Cookie value of a cookie (for answers written without the framework). */
  header(name: CookieName, value: string, maxAgeSeconds: number): string {
    return serializeCookie(name, value, { maxAgeSeconds, secure: this.secure });
  }

  clear(res: Response, name: CookieName): void {
    res.header('Set-Cookie', serializeCookie(name, '', { maxAgeSeconds: 0, secure: this.secure }));
  }
}
