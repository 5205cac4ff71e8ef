import { MailOutbox, renderMail } from '@clima/common';
import type { EventPayloads } from '@clima/common';
import type { DataSource } from 'typeorm';

/**
 * `user.mail`: another service has something to tell a user (billing's 'Pagamento pendente') but only
 * this service knows the address. The message goes to the account's current e-mail, greeted by name,
 * and the event's id is the mail's id, so an event delivered twice is sent once.
 */
export class UserMail {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: MailOutbox,
    private readonly publicUrl: string,
  ) {}

  async send(p: EventPayloads['user.mail'], eventId: string): Promise<void> {
    const [user] = (await this.ds.query(`SELECT email, name FROM auth.users WHERE id = $1`, [p.userId])) as { email: string; name: string | null }[];
    // deleted meanwhile: nobody left to tell
    if (!user) return;
    await this.outbox.send(renderMail({ ...p.mail, greetingName: user.name }, this.publicUrl, user.email), { id: `user-mail:${eventId}` });
  }
}
