import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { dataSourceOptions } from '@realty/db';
import { DataSource } from 'typeorm';
import { WORKER_OPTIONS, type WorkerOptions } from '../worker-options';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Connects the data source once every module is initialised (so a handler-registry
 * failure never opens connections), retrying with a log line while PostgreSQL is down,
 * and closes it last on shutdown (after the BullMQ workers have finished their jobs).
 */
@Injectable()
export class DatabaseLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(WORKER_OPTIONS) private readonly options: WorkerOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (let attempt = 1; !this.dataSource.isInitialized && !this.stopping; attempt++) {
      try {
        await this.dataSource.initialize();
      } catch (err) {
        this.logger.warn(
          `PostgreSQL is not reachable (${(err as Error).message}); retrying in ${this.options.retryDelayMs / 1000} s (attempt ${attempt}).`,
        );
        await sleep(this.options.retryDelayMs);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

export const DATABASE_PROVIDERS: Provider[] = [
  {
    provide: DataSource,
    inject: [WORKER_OPTIONS],
    useFactory: (options: WorkerOptions) => new DataSource(dataSourceOptions(options.databaseUrl)),
  },
  DatabaseLifecycle,
];
