import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, REDIS } from '@clima/common';
import { createHash } from 'node:crypto';
import type { CoursesConfig } from '../config';
import { coursesError, CoursesError } from '../courses.errors';

/** The one Redis call the limits need (the platform's ioredis client). */
interface RedisEval {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

// a fixed window that starts at the first message: the counter's expiry is set when it is created
const COUNT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n`;
const WINDOW_SECONDS = 3600;

/**
 * How many questions and replies one user may post per hour (LESSON_QUESTIONS_PER_HOUR, LESSON_REPLIES_PER_HOUR;
 * 429 beyond). Counted in Redis, shared by every copy of the service; user ids are kept hashed.
 */
@Injectable()
export class QuestionRateLimits {
  constructor(
    @Inject(REDIS) private readonly redis: RedisEval,
    @Inject(CONFIG) private readonly config: Pick<CoursesConfig, 'KEY_PREFIX' | 'LESSON_QUESTIONS_PER_HOUR' | 'LESSON_REPLIES_PER_HOUR'>,
  ) {}

  assertQuestion(userId: string): Promise<void> {
    return this.count('q', userId, this.config.LESSON_QUESTIONS_PER_HOUR, CoursesError.TooManyQuestions);
  }

  assertReply(userId: string): Promise<void> {
    return this.count('r', userId, this.config.LESSON_REPLIES_PER_HOUR, CoursesError.TooManyReplies);
  }

  private async count(kind: string, userId: string, limit: number, code: CoursesError): Promise<void> {
    const digest = createHash('sha256').update(userId).digest('base64url').slice(0, 32);
    const n = Number(await this.redis.eval(COUNT, 1, `${this.config.KEY_PREFIX}:courses:rl:${kind}:${digest}`, WINDOW_SECONDS));
    if (n > limit) throw coursesError(code);
  }
}
