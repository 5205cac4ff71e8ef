import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { CONFIG, EventHandlers, rootLogger, startEventWorker } from '@clima/common';
import type { CatalogConfig } from '../config';

/**
 * What the catalog does with the platform's facts. A deleted user's view records go; the contents'
 * view totals and the daily figures stay, since they are counts of what happened, not personal data.
 * An end user with the admin flag uploads as 'user:<id>': the upload stays (contents use it), its author goes.
 */
export function catalogEventHandlers(ds: DataSource): EventHandlers {
  return {
    'user.deleted': async ({ userId }) => {
      await ds.query(`DELETE FROM catalog.content_views WHERE user_id = $1`, [userId]);
      await ds.query(`UPDATE catalog.video_uploads SET uploaded_by = NULL WHERE uploaded_by = $1`, [`user:${userId}`]);
    },
  };
}

export function startCatalogWorker(ds: DataSource, config: CatalogConfig): Worker {
  return startEventWorker('catalog', catalogEventHandlers(ds), {
    redisUrl: config.REDIS_URL,
    prefix: config.KEY_PREFIX,
    logger: rootLogger('catalog'),
  });
}

/** Runs the consumers inside the HTTP process when WORKERS_IN_PROCESS is true (one process per service). */
@Injectable()
export class InProcessWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: CatalogConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.WORKERS_IN_PROCESS) this.worker = startCatalogWorker(this.ds, this.config);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
