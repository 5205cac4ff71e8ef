import { Algorithm, hash, verify } from '@node-rs/argon2';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';

/** argon2id with the OWASP-recommended cost (19 MiB, 2 passes). */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** A hash nobody knows the password of: verifying against it costs what a real check costs. */
  private dummy?: Promise<string>;

  onModuleInit(): void {
    // warmed up at start; a failure is retried by the first check instead of ending the process
    this.dummyHash().catch(() => {
      this.dummy = undefined;
    });
  }

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /**
   * Checks a password against the stored hash, or spends the same time against the dummy hash when
   * there is no account (or no password), so timing does not reveal which e-mails exist.
   */
  async check(stored: string | null | undefined, password: string): Promise<boolean> {
    if (stored) return this.verify(stored, password);
    await this.verify(await this.dummyHash(), password);
    return false;
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= hash(randomBytes(24).toString('base64url'), OPTIONS);
    return this.dummy;
  }
}
