import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@nivesh/platform';
import { Pool } from 'pg';
import type { Config } from '../config';
import { CONFIG, LOGGER } from '../tokens';

/** The gateway's only contact with PostgreSQL: is it answering? */
export abstract class PostgresProbe {
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  abstract ping(): Promise<void>;
}

const PROBE_TIMEOUT_MS = 1_500;

@Injectable()
export class PgPostgresProbe extends PostgresProbe implements OnApplicationShutdown {
  private readonly pool: Pool;

  constructor(@Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    super();
    this.pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: 2,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      application_name: 'nivesh-gateway',
    });
    // An idle connection that breaks must not take the process down.
    this.pool.on('error', (error) => logger.warn({ err: error }, 'postgres probe connection failed'));
  }

  async ping(): Promise<void> {
    await this.pool.query('select 1');
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.end();
  }
}
