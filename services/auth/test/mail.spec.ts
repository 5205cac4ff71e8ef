/**
 * E-mail as a real part: a message any service queues is delivered by the auth service's consumer to a
 * real SMTP server (MailDev on loopback), with an HTML and a plain-text part; while the server is down
 * the message waits and is delivered once it is up.
 */
import { MailOutbox, renderMail } from '@clima/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startMailServer } from '../../../infra/test/mail-server';
import { bootApp, unique } from './helpers';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../../../infra/platform.cjs') as typeof import('../../../infra/platform.cjs');

jest.setTimeout(60_000);

describe('mail delivery', () => {
  let app: NestFastifyApplication | undefined;
  let outbox: MailOutbox;
  // a dedicated key prefix: the queue of this spec is its own (other specs boot the auth app too)
  const prefix = `${process.env.KEY_PREFIX}_${unique('mail')}`;

  beforeAll(() => {
    outbox = new MailOutbox({ redisUrl: process.env.REDIS_URL!, prefix });
  });
  afterAll(async () => {
    await outbox.close();
    await app?.close();
  });

  it('delivers a pt-BR message with both parts, and one queued while SMTP is down once it is up', async () => {
    const [smtpPort] = await infra.freePorts(1);
    ({ app } = await bootApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, KEY_PREFIX: prefix, MAIL_FROM: 'Clima Pro <nao-responda@teste.local>' }));
    const to = `${unique('destino')}@exemplo.com.br`;
    await outbox.send(
      renderMail({ title: 'Teste de entrega', greetingName: 'Maria', paragraphs: ['Seu e-mail chegou.'], action: { label: 'Abrir o Clima Pro', url: 'http://localhost:8080/' } }, 'http://localhost:8080', to),
      { id: unique('m') },
    );
    // nothing listens yet: the consumer fails and BullMQ keeps the message for a retry
    await new Promise((r) => setTimeout(r, 1500));
    const server = await startMailServer({ smtpPort });
    try {
      const mail = await server.waitFor(to, /Teste de entrega/, 30_000);
      expect(mail.from[0]!.address).toBe('nao-responda@teste.local');
      expect(mail.text).toContain('Olá, Maria!');
      expect(mail.text).toContain('Abrir o Clima Pro: http://localhost:8080/');
      expect(mail.html).toContain('Clima Pro');
      expect(mail.html).toContain('href="http://localhost:8080/"');
      expect(await server.messages(to)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});
