// The Grafana dashboard of infra/grafana is loaded by operators into their Grafana; nothing here runs one. This checks
// that it is a dashboard Grafana imports (schema version, a Prometheus data source chosen at import, panels that use
// it) and that every metric its queries read is one Nivesh registers, so a renamed metric cannot leave a panel empty.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { processMetrics } from '../../proto/src/node/metrics';
import { MetricsService } from '../../gateway/src/metrics/metrics.service';

type Target = { expr: string; refId: string; datasource?: { type: string; uid: string } };
type Panel = { id: number; type: string; title: string; datasource?: { type: string; uid: string }; targets?: Target[]; gridPos: { h: number; w: number; x: number; y: number } };
type Dashboard = { uid: string; title: string; schemaVersion: number; panels: Panel[]; templating: { list: { name: string; type: string; query: string }[] } };

const dashboard = JSON.parse(readFileSync(path.resolve(__dirname, '../../infra/grafana/nivesh-dashboard.json'), 'utf8')) as Dashboard;
const queryPanels = dashboard.panels.filter((panel) => panel.type !== 'row');

/** PromQL's functions and aggregations used in the dashboard, and its keywords: not metric names. */
const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'rate', 'irate', 'increase', 'histogram_quantile', 'by', 'without', 'on', 'ignoring', 'and', 'or', 'unless']);

/** The metric names a PromQL expression reads: label matchers, groupings, ranges and strings removed first. */
const metricNamesIn = (expr: string): string[] =>
  (
    expr
      .replace(/"[^"]*"/g, '')
      .replace(/\{[^}]*\}/g, '')
      .replace(/\[[^\]]*\]/g, '')
      .replace(/\b(by|without)\s*\([^)]*\)/g, '')
      .match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? []
  ).filter((word) => !PROMQL_WORDS.has(word));

/** A histogram is exposed as its name with _bucket, _sum and _count. */
const baseName = (name: string): string => name.replace(/_(bucket|sum|count)$/, '');

describe('the Grafana dashboard', () => {
  it('is a dashboard Grafana imports, reading from a Prometheus data source chosen by a variable', () => {
    expect(dashboard.uid).toBe('nivesh-overview');
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }));
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    for (const panel of queryPanels) {
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length).toBeGreaterThan(0);
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
    }
  });

  it('has the panels operators asked for', () => {
    const exprs = queryPanels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    const reading = (metric: string) => exprs.filter((expr) => expr.includes(metric));
    expect(reading('http_requests_total').some((expr) => expr.includes('by (route)'))).toBe(true);
    expect(reading('http_requests_total').some((expr) => expr.includes('by (status)'))).toBe(true);
    expect(reading('http_request_duration_seconds_bucket').map((expr) => expr.slice(0, 24))).toEqual(expect.arrayContaining(['histogram_quantile(0.95,', 'histogram_quantile(0.99,']));
    expect(reading('rpc_handle_duration_seconds_bucket').some((expr) => expr.includes('by (le, pattern)'))).toBe(true);
    expect(reading('rpc_stream_pending').some((expr) => expr.includes('by (group)'))).toBe(true);
    expect(reading('bullmq_queue_jobs').some((expr) => expr.includes('by (queue, state)'))).toBe(true);
    expect(reading('bullmq_job_failures_total')).not.toHaveLength(0);
    expect(reading('cache_requests_total').some((expr) => expr.includes('result="hit"'))).toBe(true);
  });

  it('reads only metrics the gateway and the services register', async () => {
    const gateway = new MetricsService();
    const registered = new Set([...gateway.registry.getMetricsAsArray(), ...processMetrics.getMetricsAsArray()].map((metric) => metric.name));
    const used = queryPanels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => metricNamesIn(target.expr)));
    expect(used.length).toBeGreaterThan(0);
    const unknown = used.filter((name) => !registered.has(baseName(name)) && !registered.has(name));
    expect(unknown).toEqual([]);
  });

  it('finds the metric names of a query, and only those', () => {
    expect(metricNamesIn('histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{route!="x"}[$__rate_interval])))')).toEqual([
      'http_request_duration_seconds_bucket',
    ]);
    expect(metricNamesIn('sum by (cache) (rate(cache_requests_total{result="hit"}[5m])) / sum by (cache) (rate(cache_requests_total[5m]))')).toEqual([
      'cache_requests_total',
      'cache_requests_total',
    ]);
  });
});
