import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@clima/common';
import type { RankingConfig } from '../config';
import { addDays, saoPauloDay } from '../shared/sao-paulo-time';
import { RetentionRepository } from './retention.repository';

/**
 * A batch key is needed while its job can be handed out again: a stalled job within RANKING_WORKER_LOCK_MS, a
 * retry within minutes (10 attempts, back-off from 0.5 s). An hour is plenty; a batch re-applied after that (a
 * failed job retried by hand) still adds nothing, since every ledger below the key is idempotent too.
 */
export const BATCH_KEY_RETENTION_MS = 3_600_000;
const SLICE = 10_000;

/**
 * Keeps the storage bounded: the stretches of study of days older than RANKING_DETAIL_RETENTION_DAYS are dropped
 * (each day keeps its seconds, points and session count; the worker takes no more study for those days), and
 * the keys of batches applied more than an hour ago are deleted.
 */
@Injectable()
export class RetentionService {
  constructor(
    private readonly rows: RetentionRepository,
    @Inject(CONFIG) private readonly config: RankingConfig,
  ) {}

  async apply(now = new Date()): Promise<{ batchKeys: number; days: number }> {
    const lastDay = addDays(saoPauloDay(now), -this.config.RANKING_DETAIL_RETENTION_DAYS);
    let days = 0;
    for (let n = SLICE; n === SLICE; days += n) n = await this.rows.compactDays(lastDay, SLICE);
    let batchKeys = 0;
    const before = new Date(now.getTime() - BATCH_KEY_RETENTION_MS);
    for (let n = SLICE; n === SLICE; batchKeys += n) n = await this.rows.deleteAppliedBatches(before, SLICE);
    return { batchKeys, days };
  }
}
