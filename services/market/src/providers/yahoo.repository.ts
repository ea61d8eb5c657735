import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { SERVICE_CONFIG } from '@nivesh/platform';
import YahooFinance from 'yahoo-finance2';
import type { Config } from '../config';
import { ProviderNotFoundError, ProviderUnavailableError } from './provider-errors';
import type { YahooChart } from './yahoo-chart';

/** Replaces the HTTP client of the provider (recorded responses in tests); default: the global fetch. */
export const PROVIDER_FETCH = Symbol('PROVIDER_FETCH');
export type ProviderFetch = typeof fetch;

/**
 * The one seam to the live provider: daily charts from Yahoo Finance through the maintained `yahoo-finance2`
 * client (its `chart()` API: request, response validation, parsing). Every request goes through `fetch` with a
 * deadline; errors come out as ProviderNotFoundError (unknown ticker) or ProviderUnavailableError (try later).
 */
@Injectable()
export class YahooRepository {
  private readonly logger = new Logger(YahooRepository.name);
  private client?: InstanceType<typeof YahooFinance>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Pick<Config, 'MARKET_PROVIDER_TIMEOUT_MS'>,
    @Optional() @Inject(PROVIDER_FETCH) private readonly fetchImpl: ProviderFetch = (input, init) => fetch(input, init),
  ) {}

  /** Daily bars of `ticker` from `from` (an ISO date, UTC midnight) to now, with split events; prices split-adjusted. */
  async dailyChart(ticker: string, from: string): Promise<YahooChart> {
    let status: number | null = null;
    const timeoutMs = this.config.MARKET_PROVIDER_TIMEOUT_MS;
    const fetchWithDeadline: ProviderFetch = async (input, init) => {
      const response = await this.fetchImpl(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      return response;
    };
    try {
      return await this.yahoo().chart(ticker, { period1: from, interval: '1d', events: 'split' }, { fetch: fetchWithDeadline });
    } catch (error) {
      const message = (error as Error).message;
      if (status === 404 || status === 400) throw new ProviderNotFoundError(ticker, message);
      throw new ProviderUnavailableError(`${ticker}: ${status ? `HTTP ${status}: ` : ''}${message}`, { cause: error });
    }
  }

  /** Built on first use, so a service that never imports from the provider never loads it. */
  private yahoo(): InstanceType<typeof YahooFinance> {
    this.client ??= new YahooFinance({
      suppressNotices: ['yahooSurvey'],
      // Its version check asks the npm registry after failures; upgrades go through package.json instead.
      versionCheck: false,
      // This process's rate limit (ProviderService) decides the pace.
      queue: { concurrency: 1 },
      logger: {
        info: (...args: unknown[]) => this.logger.log(args.map(String).join(' ')),
        warn: (...args: unknown[]) => this.logger.warn(args.map(String).join(' ')),
        error: (...args: unknown[]) => this.logger.error(args.map(String).join(' ')),
        debug: (...args: unknown[]) => this.logger.debug(args.map(String).join(' ')),
        dir: (...args: unknown[]) => this.logger.debug(args.map((arg) => JSON.stringify(arg)).join(' ')),
      },
    });
    return this.client;
  }
}
