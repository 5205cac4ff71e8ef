import { Redis, RedisOptions } from 'ioredis';

/** Connection options from a redis:// URL; BullMQ needs maxRetriesPerRequest null for its blocking workers. */
export function redisOptions(url: string, forBullmq = false): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: forBullmq ? null : 2,
    connectTimeout: 3000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
}

export function createRedis(url: string, forBullmq = false): Redis {
  return new Redis(redisOptions(url, forBullmq));
}

/** BullMQ connection options for a redis:// URL. */
export function bullConnection(url: string): import('bullmq').ConnectionOptions {
  return redisOptions(url, true) as import('bullmq').ConnectionOptions;
}
