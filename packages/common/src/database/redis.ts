import { Redis, RedisOptions } from 'ioredis';

/**
 * Connection options from a redis:// URL; BullMQ needs maxRetriesPerRequest null for its blocking workers.
 * A service's own connection auto-pipelines: what one tick of the event loop asks (the identity checks of many
 * requests at once) leaves in one write, and each command still gets its own answer or error. BullMQ's
 * connections keep one command per write, as BullMQ expects.
 */
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
    enableAutoPipelining: !forBullmq,
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

/** A pub/sub subscription of a process that keeps what its messages invalidate (see liveSubscription). */
export interface LiveSubscription {
  /** Subscribed now: every message published from here on reaches the process. */
  readonly live: boolean;
  close(): Promise<void>;
}

/**
 * Subscribes to `channel` on a connection of its own and says whether it is live: from when it is subscribed
 * (again after every reconnect: ioredis subscribes again and says so with 'ready') until the connection errs,
 * closes or reconnects. A process that keeps what the messages invalidate keeps and uses nothing while it is not
 * live (messages published meanwhile never reach it): `reset()` is called when it stops being live and again
 * when it is live once more, for the process to drop what it kept.
 */
export function liveSubscription(redis: Redis, channel: string, on: { reset(): void; message(text: string): void }): LiveSubscription {
  const sub = redis.duplicate({ lazyConnect: false, maxRetriesPerRequest: null, enableAutoPipelining: false });
  let live = false;
  const lost = () => {
    live = false;
    on.reset();
  };
  sub.on('error', lost);
  sub.on('close', lost);
  sub.on('reconnecting', lost);
  sub.on('ready', () => {
    sub
      .subscribe(channel)
      .then(() => {
        on.reset();
        live = true;
      })
      .catch(lost);
  });
  sub.on('message', (_channel: string, message: string) => on.message(message));
  return {
    get live() {
      return live;
    },
    close: async () => {
      live = false;
      sub.removeAllListeners();
      sub.on('error', () => undefined);
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}
