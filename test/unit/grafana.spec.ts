// The Grafana dashboard of infra/grafana is loaded by operators into their Grafana; nothing here runs one. This checks
// that it is a dashboard Grafana imports (schema version, a Prometheus data source chosen at import, panels that use
// it) and that every metric its queries read is one Nivesh registers, so a renamed metric cannot leave a panel empty.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { metricNamesIn, unregisteredMetrics } from './promql';

type Target = { expr: string; refId: string; datasource?: { type: string; uid: string } };
type Panel = { id: number; type: string; title: string; datasource?: { type: string; uid: string }; targets?: Target[]; gridPos: { h: number; w: number; x: number; y: number } };
type Dashboard = { uid: string; title: string; schemaVersion: number; panels: Panel[]; templating: { list: { name: string; type: string; query: string }[] } };

const dashboard = JSON.parse(readFileSync(path.resolve(__dirname, '../../infra/grafana/nivesh-dashboard.json'), 'utf8')) as Dashboard;
const queryPanels = dashboard.panels.filter((panel) => panel.type !== 'row');

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

  it('has a row on the daily market data: sessions behind NSE, the latest trading day as a date, and failures per hour', () => {
    const row = dashboard.panels.findIndex((panel) => panel.type === 'row' && panel.title === 'Daily market data');
    expect(row).toBeGreaterThan(-1);
    const next = dashboard.panels.slice(row + 1).findIndex((panel) => panel.type === 'row');
    const market = dashboard.panels.slice(row + 1, next === -1 ? undefined : row + 1 + next);
    const panelReading = (metric: string) => market.filter((panel) => panel.targets?.some((target) => target.expr.includes(metric)));

    expect(panelReading('market_data_lag_sessions').map((panel) => panel.type).sort()).toEqual(['stat', 'timeseries']);
    const [latestDay] = panelReading('market_latest_trading_day_timestamp_seconds');
    expect(latestDay).toMatchObject({ type: 'stat', fieldConfig: { defaults: { unit: expect.stringMatching(/^time:/) } } });
    // Grafana's time units read milliseconds.
    expect(latestDay!.targets![0]!.expr).toMatch(/\* 1000$/);
    const [failures] = panelReading('market_ingest_failures_total');
    expect(failures).toMatchObject({ type: 'timeseries' });
    expect(failures!.targets![0]!.expr).toBe('sum by (status) (increase(market_ingest_failures_total[1h]))');
  });

  it('reads only metrics the gateway and the services register', () => {
    const used = queryPanels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => metricNamesIn(target.expr)));
    expect(used.length).toBeGreaterThan(0);
    expect(unregisteredMetrics(used)).toEqual([]);
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
