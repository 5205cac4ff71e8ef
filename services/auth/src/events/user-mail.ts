import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { CONFIG, MailOutbox, renderMail } from '@clima/common';
import type { EventPayloads } from '@clima/common';
import type { AuthConfig } from '../config';
import { UsersRepository } from '../users/users.repository';

/**
 * `user.mail`: another service has something to tell a user (billing's 'Pagamento pendente') but only
 * this service knows the address. The message goes to the account's current e-mail, greeted by name,
 * and the event's id is the mail's id, so an event delivered twice is sent once.
 */
@Injectable()
export class UserMail implements OnModuleDestroy {
  // opened on the first event, so a process that consumes nothing holds no queue connection for it
  private outbox?: MailOutbox;

  constructor(
    private readonly users: UsersRepository,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {}

  async send(p: EventPayloads['user.mail'], eventId: string): Promise<void> {
    const user = await this.users.contactById(p.userId);
    // deleted meanwhile: nobody left to tell
    if (!user) return;
    this.outbox ??= new MailOutbox({ redisUrl: this.config.REDIS_URL, prefix: this.config.KEY_PREFIX });
    await this.outbox.send(renderMail({ ...p.mail, greetingName: user.name }, this.config.PUBLIC_URL, user.email), { id: `user-mail:${eventId}` });
  }

  async onModuleDestroy(): Promise<void> {
    await this.outbox?.close();
  }
}
