import { Inject, Injectable } from '@nestjs/common';
import { type MarketBhavcopyImportJob, type MarketCsvImportJob, type MarketProviderImportJob, type MarketXbrlImportJob, QUEUES } from '@nivesh/proto';
import { type JobHandlers, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import { UnrecoverableError } from 'bullmq';
import type { Config } from '../config';
import { CsvFormatError } from '../data/csv';
import { FilingFormatError } from '../fundamentals/filing';
import { ProviderNotFoundError } from '../providers/provider-errors';
import { MarketCache } from '../cache/market-cache';
import { type BhavcopyImportResult, BhavcopyImporter } from './bhavcopy-importer';
import { changedAnswers, CsvImporter, type ImportResult } from './csv-importer';
import { FundamentalsImporter, type XbrlImportResult } from './fundamentals-importer';
import { type ProviderImportResult, ProviderImporter, UnknownSymbolsError } from './provider-importer';

/** How a permanently failed job's reason starts: malformed data (nothing kept), or a request that cannot succeed. */
export const FAILURE_PREFIX = { malformed: 'malformed data: ', invalid: 'invalid request: ' } as const;

/** The error a job handler throws: data and request errors are final (no retries); anything else is retried. */
export const toJobError = (error: unknown): unknown => {
  if (error instanceof CsvFormatError || error instanceof FilingFormatError) return new UnrecoverableError(FAILURE_PREFIX.malformed + error.message);
  if (error instanceof UnknownSymbolsError || error instanceof ProviderNotFoundError) return new UnrecoverableError(FAILURE_PREFIX.invalid + error.message);
  return error;
};

/**
 * The worker of the `market-import` queue, run inside the market process. One job at a time (concurrency 1;
 * the importers also take a PostgreSQL lock, so jobs of several instances and the CLI never interleave). Provider
 * failures (network, rate limit) throw as they are, so BullMQ retries them with the queue's attempts and backoff.
 */
@Injectable()
export class MarketImportProcessor extends QueueProcessor<typeof QUEUES.marketImport> {
  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    private readonly csvImporter: CsvImporter,
    private readonly bhavcopyImporter: BhavcopyImporter,
    private readonly providerImporter: ProviderImporter,
    private readonly fundamentalsImporter: FundamentalsImporter,
    private readonly cache: MarketCache,
  ) {
    super({ queue: QUEUES.marketImport, config, concurrency: 1, words: 'market import' });
  }

  protected handlers(): JobHandlers<typeof QUEUES.marketImport> {
    return {
      csv: (data) => this.run('csv', () => this.csv(data)),
      bhavcopy: (data) => this.run('bhavcopy', () => this.bhavcopy(data)),
      provider: (data) => this.run('provider', () => this.provider(data)),
      xbrl: (data) => this.run('xbrl', () => this.xbrl(data)),
    };
  }

  async csv(data: MarketCsvImportJob): Promise<ImportResult> {
    const result = await this.csvImporter.importDirectory(data.dir);
    if (changedAnswers(result)) await this.cache.bumpVersion();
    return result;
  }

  bhavcopy(data: MarketBhavcopyImportJob): Promise<BhavcopyImportResult> {
    return this.bhavcopyImporter.importFiles(data.files);
  }

  provider(data: MarketProviderImportJob): Promise<ProviderImportResult> {
    return this.providerImporter.importSymbols(data.symbols, data.from);
  }

  xbrl(data: MarketXbrlImportJob): Promise<XbrlImportResult> {
    return this.fundamentalsImporter.importPaths(data.paths);
  }

  private async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.logger.log(`market import ${name} done: ${JSON.stringify(result)}`);
      return result;
    } catch (error) {
      throw toJobError(error);
    }
  }
}
