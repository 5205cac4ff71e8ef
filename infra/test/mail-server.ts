import { ChildProcess, spawn } from 'node:child_process';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../platform.cjs') as typeof import('../platform.cjs');

/** One message as MailDev's REST API describes it. */
export interface DeliveredMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  time: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
}

export interface MailServer {
  smtpUrl: string;
  webUrl: string;
  /** Every message received (for one address when given), oldest first. */
  messages(to?: string): Promise<DeliveredMail[]>;
  /** Waits for a message to `to` whose subject matches; fails after `ms`. */
  waitFor(to: string, subject: RegExp, ms?: number): Promise<DeliveredMail>;
  stop(): Promise<void>;
}

/** The first link in a message's text that starts with `prefix` (e.g. the site's reset page). */
export function linkIn(mail: DeliveredMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`nenhum link ${prefix} em "${mail.subject}"`);
  return found;
}

async function ready(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`MailDev não respondeu em ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A real SMTP server on loopback for a spec: MailDev on free ports (or the SMTP port given, to bring a
 * server up where a sender has been failing), read back through its REST API.
 */
export async function startMailServer(opts: { smtpPort?: number } = {}): Promise<MailServer> {
  const [free, web] = await infra.freePorts(2);
  const smtp = opts.smtpPort ?? free!;
  const child: ChildProcess = spawn(process.execPath, infra.mailDevArgs(smtp, web!), { stdio: 'ignore' });
  const webUrl = `http://127.0.0.1:${web}`;
  await ready(`${webUrl}/api/email`, 15_000);
  const messages = async (to?: string): Promise<DeliveredMail[]> => {
    const all = (await (await fetch(`${webUrl}/api/email`)).json()) as DeliveredMail[];
    return to ? all.filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase())) : all;
  };
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    webUrl,
    messages,
    async waitFor(to, subject, ms = 15_000) {
      const until = Date.now() + ms;
      for (;;) {
        const found = (await messages(to)).find((m) => subject.test(m.subject));
        if (found) return found;
        if (Date.now() > until) throw new Error(`nenhum e-mail "${subject.source}" para ${to} em ${ms} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
