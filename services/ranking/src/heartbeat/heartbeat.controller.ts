import { Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentUser, SignedIn, UserIdentity } from '@clima/common';
import type { HeartbeatAnswer } from '@clima/contract';
import { HeartbeatProducer } from './heartbeat.producer';

@Controller('api/users/session')
export class HeartbeatController {
  constructor(private readonly producer: HeartbeatProducer) {}

  /** Cheap on purpose: the heartbeat is only queued; the worker turns it into minutes and points. */
  @Post('heartbeat')
  @SignedIn()
  @HttpCode(200)
  async heartbeat(@CurrentUser() user: UserIdentity): Promise<HeartbeatAnswer> {
    await this.producer.enqueue({ userId: user.id, at: new Date().toISOString(), email: user.email, name: user.name });
    return { ok: true };
  }
}
