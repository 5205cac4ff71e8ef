import { workerSlot } from '../platforms';

/** One message as the e2e platform's mail catcher (MailDev's REST API) describes it. */
export interface DeliveredMail {
  subject: string;
  text: string;
  html: string;
  time: string;
  to: { address: string }[];
}

/** The inbox of the mail catcher of this worker's platform (e2e/global-setup.ts sets E2E_MAIL_URLS, one per worker). */
function inbox(): string {
  const url = (JSON.parse(process.env.E2E_MAIL_URLS ?? '[]') as string[])[workerSlot()];
  if (!url) throw new Error(`no mail catcher for worker ${workerSlot()}: E2E_MAIL_URLS is not set (e2e/global-setup.ts sets it)`);
  return url;
}

/** Every message to `to` whose subject matches, oldest first. */
export async function mailsTo(to: string, subject: RegExp): Promise<DeliveredMail[]> {
  const all = (await (await fetch(`${inbox()}/api/email`)).json()) as DeliveredMail[];
  return all
    .filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject))
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

/** Waits until `count` messages to `to` match and gives the newest. */
export async function waitForMail(to: string, subject: RegExp, count = 1, ms = 20_000): Promise<DeliveredMail> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await mailsTo(to, subject);
    if (found.length >= count) return found[found.length - 1]!;
    if (Date.now() > until) throw new Error(`${count} e-mail(s) "${subject.source}" para ${to} não chegaram em ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link of the message's text part that goes to `path` on the site (e.g. '/redefinir-senha'). */
export function linkIn(mail: DeliveredMail, path: string): string {
  const found = mail.text.split(/\s+/).find((w) => /^https?:\/\//.test(w) && new URL(w).pathname === path);
  if (!found) throw new Error(`nenhum link ${path} em "${mail.subject}"`);
  return found;
}
