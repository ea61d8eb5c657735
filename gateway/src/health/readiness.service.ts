import { Inject, Injectable } from '@nestjs/common';
import { RPC, SERVICE_NAMES, type ReadinessResponse } from '@nivesh/proto';
import type Redis from 'ioredis';
import { RpcGateway } from '../rpc/rpc-gateway';
import { REDIS } from '../tokens';
import { PostgresProbe } from './postgres-probe';

/** How long each dependency has to answer a readiness probe. */
export const READINESS_TIMEOUT_MS = 1_500;

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
  constructor(
    private readonly postgres: PostgresProbe,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly rpc: RpcGateway,
  ) {}

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
}
