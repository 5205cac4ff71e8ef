import { Job, Queue, Worker } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { bullConnection } from '../database/redis';
import { jobLag } from '../metrics/metrics';

/**
 * E-mail: any service queues a message (BullMQ queue `mail`, with retries), and the auth service's
 * consumer delivers it over SMTP (nodemailer). A mail server that is down delays mail and loses none:
 * a delivery that fails is tried again with a growing pause for about a day.
 */
export const MAIL_QUEUE = 'mail';
export const PRODUCT_NAME = 'Clima Pro';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

const MAIL_JOB_OPTIONS = {
  attempts: 20,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 5_000 },
  removeOnFail: { age: 14 * 24 * 3600 },
} as const;

/** What a message says; `renderMail` turns it into the HTML and plain-text parts with the product's frame. */
export interface MailContent {
  /** Heading (also the subject when none is given). */
  title: string;
  subject?: string;
  /** 'Olá, Maria!' — omitted when there is no name. */
  greetingName?: string | null;
  paragraphs: string[];
  /** The one thing to do, as a button (and a plain link in the text part). */
  action?: { label: string; url: string };
  /** Small print after the action (why they got it, how long the link lasts). */
  notes?: string[];
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** pt-BR message with a plain-text part, the product's name and a link to the site. */
export function renderMail(content: MailContent, publicUrl: string, to: string): MailMessage {
  const site = publicUrl.replace(/\/+$/, '');
  const greeting = content.greetingName ? `Olá, ${content.greetingName}!` : 'Olá!';
  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.notes ?? []).flatMap((n) => [n, '']),
    '—',
    `${PRODUCT_NAME} · ${site}`,
  ].join('\n');
  const p = (v: string, style = 'margin:0 0 16px;line-height:1.5') => `<p style="${style}">${escapeHtml(v)}</p>`;
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0369a1;padding:18px 24px;color:#ffffff;font-size:20px;font-weight:bold"><a href="${escapeHtml(site)}" style="color:#ffffff;text-decoration:none">${PRODUCT_NAME}</a></td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.title)}</h1>
${p(greeting)}
${content.paragraphs.map((x) => p(x)).join('\n')}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#0369a1;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
${p(`Se o botão não funcionar, copie este endereço no navegador: ${content.action.url}`, 'margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all')}`
    : ''
}
${(content.notes ?? []).map((x) => p(x, 'margin:0 0 12px;font-size:13px;color:#475569')).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">${PRODUCT_NAME} · <a href="${escapeHtml(site)}" style="color:#0369a1">${escapeHtml(site.replace(/^https?:\/\//, ''))}</a></td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject: content.subject ?? content.title, html, text };
}

/** Queues messages for delivery; one per process that sends mail. */
export class MailOutbox {
  private readonly queue: Queue<MailMessage>;

  constructor(opts: { redisUrl: string; prefix: string }) {
    this.queue = new Queue<MailMessage>(MAIL_QUEUE, { connection: bullConnection(opts.redisUrl), prefix: opts.prefix });
  }

  /** `id` makes a repeated send of the same message (a retried request) a no-op while the job is kept. */
  async send(message: MailMessage, opts: { id?: string } = {}): Promise<void> {
    await this.queue.add('send', message, { ...MAIL_JOB_OPTIONS, ...(opts.id ? { jobId: `mail_${opts.id.replace(/:/g, '_')}` } : {}) });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export interface MailWorkerOptions {
  redisUrl: string;
  prefix: string;
  smtpUrl: string;
  from: string;
  logger: Logger;
}

/** Delivers queued messages over SMTP; a failure is retried by BullMQ (see MAIL_JOB_OPTIONS). */
export function startMailWorker(opts: MailWorkerOptions): { worker: Worker; close(): Promise<void> } {
  const transport: Transporter = createTransport(opts.smtpUrl);
  const worker = new Worker<MailMessage>(
    MAIL_QUEUE,
    async (job: Job<MailMessage>) => {
      jobLag.observe({ queue: MAIL_QUEUE }, Math.max(0, (Date.now() - job.timestamp) / 1000));
      const m = job.data;
      const info = (await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, html: m.html, text: m.text })) as { messageId?: string };
      opts.logger.info({ mailJob: job.id, messageId: info.messageId, subject: m.subject }, 'mail sent');
    },
    { connection: bullConnection(opts.redisUrl), prefix: opts.prefix, concurrency: 4 },
  );
  worker.on('failed', (job, err) => opts.logger.warn({ err: err.message, mailJob: job?.id, attempts: job?.attemptsMade }, 'mail delivery failed; will retry'));
  worker.on('error', (err) => opts.logger.warn({ err }, 'mail worker error'));
  return {
    worker,
    async close() {
      await worker.close();
      transport.close();
    },
  };
}
