import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CONFIG, MailOutbox, rootLogger, startEventWorker } from '@clima/common';
import type { Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../config';
import { SubscriptionEvents } from './subscription-events';
import { UserMail } from './user-mail';

/** Whether this process consumes the auth service's event queue (the HTTP process does when WORKERS_IN_PROCESS). */
export const START_CONSUMERS = Symbol('START_CONSUMERS');

/** The auth service's BullMQ consumer of the facts it hears (see EVENT_SUBSCRIBERS). */
@Injectable()
export class EventConsumers implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;
  private mail?: MailOutbox;

  constructor(
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(START_CONSUMERS) private readonly start: boolean,
    private readonly subscriptions: SubscriptionEvents,
    private readonly ds: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.start) return;
    this.mail = new MailOutbox({ redisUrl: this.config.REDIS_URL, prefix: this.config.KEY_PREFIX });
    const userMail = new UserMail(this.ds, this.mail, this.config.PUBLIC_URL);
    this.worker = startEventWorker(
      'auth',
      {
        'subscription.changed': async (p) => void (await this.subscriptions.onSubscriptionChanged(p)),
        'user.mail': (p, envelope) => userMail.send(p, envelope.id),
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.KEY_PREFIX, logger: rootLogger('auth') },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.mail?.close();
  }
}
