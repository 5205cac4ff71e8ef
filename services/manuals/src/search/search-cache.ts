import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, REDIS } from '@clima/common';
import type { ManualSearchResult } from '@clima/contract';
import type { ManualsConfig } from '../config';

/** Distinct searches kept at once; past that, answers are computed and not kept until the cache empties. */
const MAX_ENTRIES = 500;

/**
 * The answers of recent searches, shared by every copy of the service (one Redis hash). The same fault codes
 * are searched over and over; an answer is kept for MANUAL_SEARCH_CACHE_SECONDS at most (the hash expires as
 * a whole) and dropped at once by any change the search could show: a manual saved, deleted or (un)published,
 * a PDF's text read. The download counts it shows may lag by that long.
 */
@Injectable()
export class ManualSearchCache {
  private readonly logger = new Logger('ManualSearchCache');
  private readonly key: string;
  private readonly ttl: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) config: ManualsConfig,
  ) {
    this.key = `${config.KEY_PREFIX}:manuals:search-cache`;
    this.ttl = config.MANUAL_SEARCH_CACHE_SECONDS;
  }

  get enabled(): boolean {
    return this.ttl > 0;
  }

  /** The kept answer of a search (as a subscriber sees it), or null. Redis away: null. */
  async get(search: string): Promise<ManualSearchResult[] | null> {
    if (!this.enabled) return null;
    const kept = await this.redis.hget(this.key, search).catch(() => null);
    return kept ? (JSON.parse(kept) as ManualSearchResult[]) : null;
  }

  async set(search: string, results: ManualSearchResult[]): Promise<void> {
    if (!this.enabled) return;
    try {
      if ((await this.redis.hlen(this.key)) >= MAX_ENTRIES) return;
      await this.redis.multi().hset(this.key, search, JSON.stringify(results)).expire(this.key, this.ttl, 'NX').exec();
    } catch (err) {
      this.logger.warn({ msg: 'search cache write failed', err });
    }
  }

  /** Forgets every kept answer (after a change the search could show). */
  async clear(): Promise<void> {
    if (!this.enabled) return;
    await this.redis.del(this.key).catch((err: unknown) => this.logger.warn({ msg: 'search cache clear failed', err }));
  }
}
