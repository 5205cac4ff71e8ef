import { bullConnection, createServiceApp, eventQueueName, signedIdentityHeaders } from '@clima/common';
import type { EventEnvelope } from '@clima/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { BillingConfig, loadBillingConfig } from '../src/config';
import { sign } from './stripe-fixtures';

export const SANDBOX_SECRET = 'whsec_test_sandbox_secret_for_specs';

/** The billing app as main.ts builds it; background work is started by the specs that need it. */
export async function buildApp(env: Record<string, string> = {}): Promise<{ app: NestFastifyApplication; config: BillingConfig; ds: DataSource }> {
  const config = loadBillingConfig({ ...process.env, WORKERS_IN_PROCESS: 'false', BILLING_SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, ...env });
  const app = await createServiceApp(AppModule.forRoot(config), config, { rawBody: true });
  return { app, config, ds: app.get(DataSource) };
}

/** A user id no other test uses. */
export const newUserId = () => `email_t${randomBytes(6).toString('hex')}`;

/** The identity headers the gateway sends for a signed-in user. */
export function userHeaders(id: string, subscriptionStatus = 'inactive'): Record<string, string> {
  return signedIdentityHeaders({ user: { id, email: `${id}@exemplo.com.br`, name: 'Técnico Teste', subscriptionStatus, isAdmin: false }, admin: null });
}

/** Delivers a signed event to the webhook route as the provider would. */
export function deliver(app: NestFastifyApplication, evt: object, secret = SANDBOX_SECRET, timestamp?: number) {
  const payload = JSON.stringify(evt);
  return request(app.getHttpServer()).post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload, secret, timestamp)).send(payload);
}

export async function subscriptionRows(ds: DataSource, userId: string) {
  return ds.query(`SELECT * FROM billing.subscriptions WHERE user_id = $1 ORDER BY id`, [userId]) as Promise<Record<string, unknown>[]>;
}

export async function summary(app: NestFastifyApplication, userId: string) {
  const res = await request(app.getHttpServer()).get('/api/billing/subscription').set(userHeaders(userId)).expect(200);
  return res.body as { status: string; plan: string | null; current_period_end: string | null; cancel_at_period_end: boolean; trialing: boolean; payment_failed: boolean; can_manage: boolean; trial_eligible: boolean };
}

export type Fact = EventEnvelope<'subscription.changed'>['payload'] & { eventId: string; where: 'outbox' | 'queue' };

/** subscription.changed facts about a user, wherever they are now: still in the outbox or already in auth's queue. */
export async function facts(ds: DataSource, userId: string): Promise<Fact[]> {
  const rows = (await ds.query(`SELECT event_id, payload FROM billing.outbox WHERE name = 'subscription.changed' AND payload->>'userId' = $1 ORDER BY id`, [userId])) as {
    event_id: string;
    payload: Fact;
  }[];
  const queue = authQueue();
  try {
    const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
    const found = new Map<string, Fact>();
    for (const r of rows) found.set(r.event_id, { ...r.payload, eventId: r.event_id, where: 'outbox' });
    for (const j of jobs) {
      const env = j?.data as EventEnvelope<'subscription.changed'> | undefined;
      if (env?.name === 'subscription.changed' && env.payload.userId === userId) found.set(env.id, { ...env.payload, eventId: env.id, where: 'queue' });
    }
    return [...found.values()].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  } finally {
    await queue.close();
  }
}

export const authQueue = () => new Queue(eventQueueName('auth'), { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX });

/** Waits until `check` passes (background work); fails with the last error after a while. */
export async function eventually<T>(check: () => Promise<T>, tries = 100): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      return await check();
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw last;
}
