import type { SubscriptionPlan } from '@clima/contract';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export interface SandboxCheckout {
  kind: 'checkout';
  id: string;
  userId: string;
  email: string;
  plan: SubscriptionPlan;
  trialDays: number;
  customerId: string | null;
  /** A switch from Pix/boleto: the card is first charged then (ISO 8601), the paid period running until it. */
  firstChargeAt?: string | null;
}

export interface SandboxPortal {
  kind: 'portal';
  id: string;
  userId: string;
  customerId: string;
}

/** Stripe-like object ids of the sandbox ('cs_sandbox_…', 'sub_sandbox_…'). */
export const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

const TTL_SECONDS = 24 * 3600;

/** The sandbox's short-lived checkout and portal sessions, in Redis like a provider would hold them. */
export class SandboxStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(id: string) {
    return `${this.prefix}:billing:sandbox:${id}`;
  }

  async save(session: SandboxCheckout | SandboxPortal): Promise<void> {
    await this.redis.set(this.key(session.id), JSON.stringify(session), 'EX', TTL_SECONDS);
  }

  async get<K extends 'checkout' | 'portal'>(kind: K, id: string): Promise<(K extends 'checkout' ? SandboxCheckout : SandboxPortal) | null> {
    if (!/^(cs|bps)_sandbox_[a-f0-9]{24}$/.test(id)) return null;
    const raw = await this.redis.get(this.key(id));
    if (!raw) return null;
    const s = JSON.parse(raw) as SandboxCheckout | SandboxPortal;
    return s.kind === kind ? (s as never) : null;
  }

  /** A checkout can be completed once; the first caller takes it. */
  async take(id: string): Promise<boolean> {
    return (await this.redis.set(`${this.key(id)}:done`, '1', 'EX', TTL_SECONDS, 'NX')) === 'OK';
  }

  async release(id: string): Promise<void> {
    await this.redis.del(`${this.key(id)}:done`);
  }
}
