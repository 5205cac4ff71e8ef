import { FactoryProvider, Inject, Injectable, InjectionToken, OnApplicationBootstrap, OnModuleDestroy, Provider } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { rootLogger } from '../logging/logger';
import { CONFIG } from '../platform.tokens';
import type { ServiceConfig } from '../config/config';
import type { EventHandlers } from './events';
import { startEventWorker } from './event-worker';

interface ConsumerSetup {
  /** Builds the handlers; called only in a process that consumes, so their resources exist only there. */
  handlers: () => EventHandlers;
  /** Start on application bootstrap; otherwise the owner calls `start()` (ranking, after its board is rebuilt). */
  autoStart: boolean;
}

const CONSUMER_SETUP = Symbol('CONSUMER_SETUP');

/**
 * The service's consumer of its event queue (see EVENT_SUBSCRIBERS). It runs in the process that runs
 * consumers — the HTTP process when WORKERS_IN_PROCESS is true, `src/worker.ts` (runWorker) otherwise —
 * and stops taking jobs first on shutdown, before the database and Redis close.
 */
@Injectable()
export class EventConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;

  constructor(
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(CONSUMER_SETUP) private readonly setup: ConsumerSetup,
  ) {}

  /**
   * Registers the consumer: `handlers` receives the providers named in `inject`, in order. Handlers must
   * be idempotent (delivery is at-least-once).
   */
  static forService<D extends unknown[]>(o: {
    inject?: { [K in keyof D]: InjectionToken };
    handlers: (...deps: D) => EventHandlers;
    /** Default: when this process runs consumers (`WORKERS_IN_PROCESS`). */
    autoStart?: boolean;
  }): Provider[] {
    const setup: FactoryProvider<ConsumerSetup> = {
      provide: CONSUMER_SETUP,
      inject: [CONFIG, ...(o.inject ?? [])],
      useFactory: (config: ServiceConfig, ...deps: unknown[]) => ({
        handlers: () => o.handlers(...(deps as D)),
        autoStart: o.autoStart ?? config.WORKERS_IN_PROCESS,
      }),
    };
    return [setup, EventConsumer];
  }

  onApplicationBootstrap(): void {
    if (this.setup.autoStart) this.start();
  }

  /** Starts consuming (once). */
  start(): Worker {
    this.worker ??= startEventWorker(this.config.SERVICE, this.setup.handlers(), {
      redisUrl: this.config.REDIS_URL,
      prefix: this.config.KEY_PREFIX,
      logger: rootLogger(this.config.SERVICE),
    });
    return this.worker;
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.close();
  }
}
