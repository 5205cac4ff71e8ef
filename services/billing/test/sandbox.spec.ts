import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { buildApp, facts, newUserId, SANDBOX_SECRET, subscriptionRows, summary, userHeaders } from './helpers';

const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Técnico Teste' };
const DEMO_BANNER = 'Ambiente de demonstração: nenhuma cobrança é feita. Não use em produção.';

describe('sandbox checkout (the default without provider keys)', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;
  beforeAll(async () => {
    ({ app, ds } = await buildApp());
  });
  afterAll(() => app.close());
  const http = () => request(app.getHttpServer());

  async function checkoutUrl(userId: string, plan: 'monthly' | 'annual'): Promise<string> {
    const res = await http().post('/api/billing/checkout').set(userHeaders(userId)).send({ plan }).expect(200);
    expect(res.body.url).toMatch(/^\/api\/billing\/sandbox\/checkout\/cs_sandbox_[a-f0-9]{24}$/);
    return res.body.url as string;
  }

  it('renders a pt-BR checkout page with the plan, the trial and the test card', async () => {
    const userId = newUserId();
    const url = await checkoutUrl(userId, 'monthly');
    const res = await http().get(url).set(userHeaders(userId)).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.text;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(DEMO_BANNER);
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/R\$\s19,90/);
    expect(html).toContain('3 dias grátis');
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toContain('>Assinar</button>');
    expect(html).not.toMatch(/<script|<link|https?:\/\//);
  });

  it('completing it makes the user active through the signed webhook events', async () => {
    const userId = newUserId();
    const url = await checkoutUrl(userId, 'annual');
    const done = await http().post(`${url}/complete`).set(userHeaders(userId)).type('form').send(CARD).expect(303);
    expect(done.headers.location).toBe('/subscription?status=success');

    expect(await summary(app, userId)).toMatchObject({ status: 'active', plan: 'annual', trialing: true, can_manage: true });
    const [sub] = await subscriptionRows(ds, userId);
    expect(sub).toMatchObject({ provider: 'sandbox', provider_status: 'trialing', status: 'active' });
    expect((await facts(ds, userId)).at(-1)).toMatchObject({ status: 'active', plan: 'annual' });

    // completing the same checkout again does not subscribe twice
    await http().post(`${url}/complete`).set(userHeaders(userId)).type('form').send(CARD).expect(303);
    expect(await subscriptionRows(ds, userId)).toHaveLength(1);
    // and a new checkout is refused while the subscription is active
    const again = await http().post('/api/billing/checkout').set(userHeaders(userId, 'active')).send({ plan: 'monthly' }).expect(409);
    expect(again.body.error).toMatch(/já possui uma assinatura ativa/);
  });

  it('refuses an invalid or declined card with the page and a message, and grants nothing', async () => {
    const userId = newUserId();
    const url = await checkoutUrl(userId, 'monthly');
    const bad = await http().post(`${url}/complete`).set(userHeaders(userId)).type('form').send({ ...CARD, card_number: '1234 5678 9012 3456' }).expect(400);
    expect(bad.text).toContain('Número de cartão inválido');
    const declined = await http().post(`${url}/complete`).set(userHeaders(userId)).type('form').send({ ...CARD, card_number: '4000 0000 0000 0002' }).expect(400);
    expect(declined.text).toContain('Cartão recusado');
    const expired = await http().post(`${url}/complete`).set(userHeaders(userId)).type('form').send({ ...CARD, expiry: '01/20' }).expect(400);
    expect(expired.text).toContain('Validade inválida');
    const junk = await http().post(`${url}/complete`).set(userHeaders(userId)).send({ card_number: ['x'], expiry: { a: 1 } }).expect(400);
    expect(junk.text).toContain('Número de cartão inválido');
    expect(await subscriptionRows(ds, userId)).toHaveLength(0);
  });

  it("never shows or completes another user's checkout", async () => {
    const owner = newUserId();
    const url = await checkoutUrl(owner, 'monthly');
    const intruder = newUserId();
    await http().get(url).set(userHeaders(intruder)).expect(404);
    await http().post(`${url}/complete`).set(userHeaders(intruder)).type('form').send(CARD).expect(404);
    await http().get('/api/billing/sandbox/checkout/cs_sandbox_nao-existe').set(userHeaders(owner)).expect(404);
    await http().get(url).expect(401);
    expect(await subscriptionRows(ds, intruder)).toHaveLength(0);
  });

  it('the sandbox portal cancels at period end, resumes and renews, all through webhook events', async () => {
    const userId = newUserId();
    await http().post(`${await checkoutUrl(userId, 'monthly')}/complete`).set(userHeaders(userId)).type('form').send(CARD).expect(303);
    const portal = await http().post('/api/billing/portal').set(userHeaders(userId, 'active')).expect(200);
    expect(portal.body.url).toMatch(/^\/api\/billing\/sandbox\/portal\/bps_sandbox_[a-f0-9]{24}$/);
    const page = await http().get(portal.body.url).set(userHeaders(userId, 'active')).expect(200);
    expect(page.text).toContain('Cancelar assinatura');
    expect(page.text).toContain('Período de teste');

    const cancel = await http().post(`${portal.body.url}/cancel`).set(userHeaders(userId, 'active')).expect(303);
    expect(cancel.headers.location).toBe(`${portal.body.url}?ok=cancel`);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const after = await http().get(cancel.headers.location).set(userHeaders(userId, 'active')).expect(200);
    expect(after.text).toContain('Reativar assinatura');
    expect(after.text).toContain('O acesso continua até o fim do período já pago');

    await http().post(`${portal.body.url}/resume`).set(userHeaders(userId, 'active')).expect(303);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', cancel_at_period_end: false });

    await http().post(`${portal.body.url}/renew`).set(userHeaders(userId, 'active')).expect(303);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', trialing: false });
    expect(await ds.query(`SELECT amount_cents FROM billing.payments WHERE user_id = $1`, [userId])).toEqual([{ amount_cents: 1990 }]);

    await http().post(`${portal.body.url}/fail`).set(userHeaders(userId, 'active')).expect(303);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', payment_failed: true });

    await http().post(`${portal.body.url}/cancel`).set(userHeaders(userId, 'active')).expect(303);
    await http().post(`${portal.body.url}/end`).set(userHeaders(userId, 'active')).expect(303);
    expect(await summary(app, userId)).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect((await facts(ds, userId)).at(-1)).toMatchObject({ status: 'canceled' });

    await http().post(`${portal.body.url}/explode`).set(userHeaders(userId)).expect(404);
    await http().get(portal.body.url).set(userHeaders(newUserId())).expect(404);
  });

  it('a returning subscriber gets no second trial and pays at once', async () => {
    const userId = newUserId();
    await http().post(`${await checkoutUrl(userId, 'monthly')}/complete`).set(userHeaders(userId)).type('form').send(CARD).expect(303);
    const portal = (await http().post('/api/billing/portal').set(userHeaders(userId)).expect(200)).body.url as string;
    await http().post(`${portal}/cancel`).set(userHeaders(userId)).expect(303);
    await http().post(`${portal}/end`).set(userHeaders(userId)).expect(303);
    expect((await summary(app, userId)).trial_eligible).toBe(false);

    const url = await checkoutUrl(userId, 'monthly');
    const page = await http().get(url).set(userHeaders(userId)).expect(200);
    expect(page.text).not.toContain('dias grátis');
    await http().post(`${url}/complete`).set(userHeaders(userId)).type('form').send(CARD).expect(303);
    expect(await summary(app, userId)).toMatchObject({ status: 'active', trialing: false });
    expect(await ds.query(`SELECT amount_cents FROM billing.payments WHERE user_id = $1`, [userId])).toEqual([{ amount_cents: 1990 }]);
  });

  it('says on every page, in production too, that it is a demonstration where nothing is charged', async () => {
    // the only way the sandbox runs in production: asked for by name
    const prod = await buildApp({ NODE_ENV: 'production', BILLING_PROVIDER: 'sandbox' });
    try {
      expect(prod.config.BILLING_PROVIDER).toBe('sandbox');
      const server = () => request(prod.app.getHttpServer());
      const userId = newUserId();
      const url = (await server().post('/api/billing/checkout').set(userHeaders(userId)).send({ plan: 'monthly' }).expect(200)).body.url as string;
      const pages = [await server().get(url).set(userHeaders(userId)).expect(200)];
      pages.push(await server().post(`${url}/complete`).set(userHeaders(userId)).type('form').send({ ...CARD, card_number: '4000 0000 0000 0002' }).expect(400));
      await server().post(`${url}/complete`).set(userHeaders(userId)).type('form').send(CARD).expect(303);
      const portal = (await server().post('/api/billing/portal').set(userHeaders(userId, 'active')).expect(200)).body.url as string;
      pages.push(await server().get(portal).set(userHeaders(userId, 'active')).expect(200));
      for (const page of pages) {
        expect(page.headers['content-type']).toMatch(/text\/html/);
        // visible at the top of the page, before anything that looks like a payment form
        const banner = page.text.indexOf(DEMO_BANNER);
        expect(banner).toBeGreaterThan(page.text.indexOf('<body>'));
        expect(banner).toBeLessThan(page.text.indexOf('<main'));
      }
    } finally {
      await prod.app.close();
    }
  });

  describe('delivery over HTTP to the webhook route', () => {
    let target: NestFastifyApplication;
    let recorder: Server;
    const seen: { signature: string; body: string }[] = [];

    beforeAll(async () => {
      // a recording hop in front of the webhook: what the sandbox sends is exactly what a provider would send
      let appPort = 0;
      recorder = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          seen.push({ signature: String(req.headers['stripe-signature'] ?? ''), body });
          fetch(`http://127.0.0.1:${appPort}${req.url}`, { method: 'POST', headers: { 'content-type': String(req.headers['content-type']), 'stripe-signature': String(req.headers['stripe-signature']) }, body })
            .then(async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()))
            .catch(() => res.writeHead(502).end());
        });
      });
      await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
      const recorderPort = (recorder.address() as AddressInfo).port;
      ({ app: target } = await buildApp({ BILLING_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${recorderPort}/api/billing/webhook` }));
      await target.listen(0, '127.0.0.1');
      appPort = (target.getHttpServer().address() as AddressInfo).port;
    });
    afterAll(async () => {
      await target.close();
      await new Promise((r) => recorder.close(r));
    });

    it('sends checkout.session.completed, customer.subscription.created and invoice.paid, signed, carrying our user id', async () => {
      const userId = newUserId();
      const url = (await request(target.getHttpServer()).post('/api/billing/checkout').set(userHeaders(userId)).send({ plan: 'monthly' }).expect(200)).body.url as string;
      await request(target.getHttpServer()).post(`${url}/complete`).set(userHeaders(userId)).type('form').send(CARD).expect(303);
      const mine = seen.map((s) => ({ ...s, event: Stripe.webhooks.constructEvent(s.body, s.signature, SANDBOX_SECRET) })).filter((s) => s.body.includes(userId));
      expect(mine.map((s) => s.event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
      const session = mine[0].event.data.object as Stripe.Checkout.Session;
      expect(session.client_reference_id).toBe(userId);
      const sub = mine[1].event.data.object as Stripe.Subscription;
      expect(sub.status).toBe('trialing');
      expect(sub.items.data[0].current_period_end - sub.trial_end!).toBe(0);
      expect(await summary(target, userId)).toMatchObject({ status: 'active', plan: 'monthly', trialing: true });
    });
  });
});
