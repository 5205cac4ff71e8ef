import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

import { CONFIG, REDIS } from '../platform.tokens';
import type { ServiceName } from '../config/config';

async function check(fn: () => Promise<unknown>, ms = 1500): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
      }),
    ]);
    return 'ok';
  } catch (err) {
    return (err as Error).message || 'erro';
  } finally {
    clearTimeout(timer);
  }
}

/** GET /health: the database and Redis, each checked; 503 with the reason when one fails. */
@Controller()
export class HealthController {
  constructor(
    private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: { SERVICE: ServiceName },
  ) {}

  @Get('health')
  async health(@Res() res: FastifyReply): Promise<void> {
    const [database, redis] = await Promise.all([check(() => this.ds.query('SELECT 1')), check(() => this.redis.ping())]);
    const ok = database === 'ok' && redis === 'ok';
    res.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', service: this.config.SERVICE, checks: { database, redis } });
  }
}
