import { Inject, Injectable } from '@nestjs/common';
import {
  MARKET,
  type PaymentDeadLetters,
  PREMIUM,
  RPC,
  SERVICE_FEATURES,
  SERVICE_NAMES,
  isFeaturePattern,
  patternsOf,
  type ReadinessResponse,
  type ServiceName,
  type ServiceStatus,
  type SystemStatusResponse,
} from '@nivesh/proto';
import { complianceOf } from '@nivesh/platform';
import type Redis from 'ioredis';
import type { Config } from '../config';
import { RpcGateway } from '../rpc/rpc-gateway';
import { CONFIG, REDIS } from '../tokens';
import { PostgresProbe } from './postgres-probe';

/** How long each dependency has to answer a readiness probe. */
export const READINESS_TIMEOUT_MS = 1_500;
/** How many of the newest set-aside payment webhooks the status lists. */
export const PAYMENT_DEAD_LETTERS_SHOWN = 10;
/** The daily market pipeline's runs the admin status page lists. */
export const INGEST_RUNS_SHOWN = 30;

type Check = 'ok' | 'failed';

/** The body of GET /readyz (the web app's status page reads it); 503 adds `detail`. */
export type Readiness = ReadinessResponse;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

const outcome = async (probe: () => Promise<unknown>): Promise<Check> => {
  try {
    await within(probe(), READINESS_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'failed';
  }
};

/** Ready when PostgreSQL, Redis and every service answer; all are asked at once. */
@Injectable()
export class ReadinessService {
  private readonly compliance: SystemStatusResponse['compliance'];

  constructor(
    private readonly postgres: PostgresProbe,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly rpc: RpcGateway,
    @Inject(CONFIG) config: Config,
  ) {
    this.compliance = complianceOf(config);
  }

  async check(): Promise<Readiness> {
    const probes: Array<[string, () => Promise<unknown>]> = [
      ['postgres', () => this.postgres.ping()],
      ['redis', () => this.redis.ping()],
      ...SERVICE_NAMES.map((service): [string, () => Promise<unknown>] => [
        service,
        async () => {
          // A service that answers but cannot reach its own PostgreSQL or Redis is not ready either.
          const health = await this.rpc.call(RPC[service].health, {}, { deadlineMs: READINESS_TIMEOUT_MS });
          if (health.status !== 'ok') throw new Error(`${service} is ${health.status}`);
        },
      ]),
    ];
    const results = await Promise.all(probes.map(async ([name, probe]) => [name, await outcome(probe)] as const));
    const checks = Object.fromEntries(results);
    return { status: results.every(([, check]) => check === 'ok') ? 'ready' : 'not_ready', checks };
  }

  /**
   * The administrators' view: the same probes, plus which instance answered, how many features each service has
   * built, and the payment webhooks premium set aside unapplied.
   */
  async status(): Promise<SystemStatusResponse> {
    const [postgres, redis, services, deadLetters, marketData] = await Promise.all([
      outcome(() => this.postgres.ping()),
      outcome(() => this.redis.ping()),
      Promise.all(SERVICE_NAMES.map((service) => this.serviceStatus(service))),
      this.paymentDeadLetters(),
      this.marketData(),
    ]);
    return {
      checked_at: new Date().toISOString(),
      dependencies: { postgres, redis },
      services,
      payment_dead_letters: deadLetters,
      market_data: marketData,
      compliance: this.compliance,
    };
  }

  /** How current the prices are and the daily pipeline's last runs; null when the market service does not answer in time. */
  private async marketData(): Promise<SystemStatusResponse['market_data']> {
    try {
      const [freshness, runs] = await within(
        Promise.all([
          this.rpc.call(MARKET.freshness, {}, { deadlineMs: READINESS_TIMEOUT_MS }),
          this.rpc.call(MARKET.ingestRuns, { limit: INGEST_RUNS_SHOWN }, { deadlineMs: READINESS_TIMEOUT_MS }),
        ]),
        READINESS_TIMEOUT_MS,
      );
      return { freshness: MARKET.freshness.result.parse(freshness), runs: MARKET.ingestRuns.result.parse(runs).runs };
    } catch {
      return null;
    }
  }

  /** Null when premium does not answer in time (or answers nonsense): the page then says it could not tell, rather than "none". */
  private async paymentDeadLetters(): Promise<PaymentDeadLetters | null> {
    try {
      const answer = await within(this.rpc.call(PREMIUM.paymentDeadLetters, { limit: PAYMENT_DEAD_LETTERS_SHOWN }, { deadlineMs: READINESS_TIMEOUT_MS }), READINESS_TIMEOUT_MS);
      return PREMIUM.paymentDeadLetters.result.parse(answer);
    } catch {
      return null;
    }
  }

  private async serviceStatus(service: ServiceName): Promise<ServiceStatus> {
    const features = patternsOf(service).filter(isFeaturePattern);
    const known = { service, name: SERVICE_FEATURES[service].name, features_total: features.length };
    try {
      const health = await within(this.rpc.call(RPC[service].health, {}, { deadlineMs: READINESS_TIMEOUT_MS }), READINESS_TIMEOUT_MS);
      const notBuilt = health.not_built === undefined ? null : features.filter((def) => health.not_built?.includes(def.pattern)).length;
      return { ...known, state: health.status === 'ok' ? 'running' : 'degraded', instance: health.instance, features_not_built: notBuilt };
    } catch {
      return { ...known, state: 'down', instance: null, features_not_built: null };
    }
  }
}
