import { Injectable } from '@nestjs/common';
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

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** `route` is the matched route pattern (never the raw URL), so label values stay bounded. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    const labels = { method: KNOWN_METHODS.has(method) ? method : 'OTHER', route };
    this.httpRequests.inc({ ...labels, status: String(status) });
    this.httpDuration.observe(labels, seconds);
  }

  observeRpc(pattern: string, durationMs: number, outcome: string): void {
    this.rpcDuration.observe({ pattern, outcome }, durationMs / 1000);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
