import { Injectable } from '@nestjs/common';
import { processMetrics } from '@nivesh/platform';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Prometheus metrics of this process: its own registry, so several apps in one test process do not clash. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly rpcDuration = new Histogram({
    name: 'rpc_call_duration_seconds',
    help: 'RPC call latency in seconds, by pattern and outcome (ok or the error code).',
    labelNames: ['pattern', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  /** This app's metrics with those of the process's transport, queues and caches (`processMetrics` of proto). */
  private readonly exposed: Registry;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.exposed = Registry.merge([this.registry, processMetrics]);
  }

  /** Each label set's counter and histogram, looked up once (prom-client validates and hashes labels per call). */
  private readonly httpSeries = new Map<string, { requests: { inc(): void }; duration: { observe(value: number): void } }>();

  /** `route` is the matched route pattern (never the raw URL), so label values stay bounded. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    const known = KNOWN_METHODS.has(method) ? method : 'OTHER';
    const key = `${known} ${status} ${route}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      series = { requests: this.httpRequests.labels(known, route, String(status)), duration: this.httpDuration.labels(known, route) };
      this.httpSeries.set(key, series);
    }
    series.requests.inc();
    series.duration.observe(seconds);
  }

  /** Each pattern's RPC histogram per outcome, looked up once. */
  private readonly rpcSeries = new Map<string, { observe(value: number): void }>();

  observeRpc(pattern: string, durationMs: number, outcome: string): void {
    const key = `${pattern} ${outcome}`;
    let series = this.rpcSeries.get(key);
    if (!series) {
      series = this.rpcDuration.labels(pattern, outcome);
      this.rpcSeries.set(key, series);
    }
    series.observe(durationMs / 1000);
  }

  get contentType(): string {
    return this.exposed.contentType;
  }

  render(): Promise<string> {
    return this.exposed.metrics();
  }
}
