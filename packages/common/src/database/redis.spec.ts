import type { Socket } from 'node:net';
import { bullConnection, createRedis, liveSubscription } from './redis';

const URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `${process.env.KEY_PREFIX ?? 'clima-test'}:redis-spec:${process.pid}:`;

/** Counts the writes a connection makes on its socket while `work` runs (the commands still go through). */
async function writesDuring(redis: ReturnType<typeof createRedis>, work: () => Promise<unknown>): Promise<number> {
  const socket = (redis as unknown as { stream: Socket }).stream;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let writes = 0;
  socket.write = ((...args: unknown[]) => {
    writes++;
    return write(...args);
  }) as Socket['write'];
  try {
    await work();
  } finally {
    socket.write = write as Socket['write'];
  }
  return writes;
}

describe('Redis connections', () => {
  const redis = createRedis(URL);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('sends the commands one tick issues in one write (the identity check of many requests at once), each with its own answer', async () => {
    await redis.ping(); // connected and ready: what follows measures only the commands
    const n = 50;
    let answers: (string | null)[] = [];
    const writes = await writesDuring(redis, async () => {
      await Promise.all(Array.from({ length: n }, (_, i) => redis.set(`${prefix}k${i}`, `v${i}`)));
      answers = await Promise.all(Array.from({ length: n }, (_, i) => redis.get(`${prefix}k${i}`)));
    });
    expect(answers).toEqual(Array.from({ length: n }, (_, i) => `v${i}`));
    // two ticks (the sets, then the gets): one write each, not one per command
    expect(writes).toBeLessThanOrEqual(4);
  });

  it('keeps a failing command to itself: the others of its batch still answer', async () => {
    await redis.set(`${prefix}text`, 'x');
    const [bad, good] = await Promise.allSettled([redis.incr(`${prefix}text`), redis.get(`${prefix}text`)]);
    expect(bad.status).toBe('rejected');
    expect(good).toEqual({ status: 'fulfilled', value: 'x' });
  });

  it('leaves BullMQ connections and pub/sub subscriptions unbatched', async () => {
    expect((bullConnection(URL) as { enableAutoPipelining?: boolean }).enableAutoPipelining).toBeFalsy();
    const channel = `${prefix}channel`;
    const heard: string[] = [];
    const sub = liveSubscription(redis, channel, { reset: () => undefined, message: (t) => heard.push(t) });
    try {
      for (let i = 0; i < 100 && !sub.live; i++) await new Promise((r) => setTimeout(r, 20));
      expect(sub.live).toBe(true);
      await redis.publish(channel, 'revoke');
      for (let i = 0; i < 100 && !heard.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(['revoke']);
    } finally {
      await sub.close();
    }
  });
});
