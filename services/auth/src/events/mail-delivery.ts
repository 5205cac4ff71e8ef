import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CONFIG, rootLogger, startMailWorker } from '@clima/common';
import type { AuthConfig } from '../config';

/**
 * Delivers the platform's queued e-mail (every service queues on `mail`; see @clima/common mail) over
 * SMTP_URL, in the processes that run the auth service's consumers.
 */
@Injectable()
export class MailDelivery implements OnApplicationBootstrap, OnModuleDestroy {
  private running?: { close(): Promise<void> };

  constructor(@Inject(CONFIG) private readonly config: AuthConfig) {}

  // the same switch as the event consumer: on in the worker process (runWorker), or in the HTTP one when WORKERS_IN_PROCESS
  onApplicationBootstrap(): void {
    if (!this.config.WORKERS_IN_PROCESS) return;
    this.running = startMailWorker({
      redisUrl: this.config.REDIS_URL,
      prefix: this.config.KEY_PREFIX,
      smtpUrl: this.config.SMTP_URL,
      from: this.config.MAIL_FROM,
      logger: rootLogger('auth'),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.running?.close();
  }
}
