// What the infra specs need to know about PromQL: the metric names an expression reads, and the names Nivesh
// registers, so a renamed metric cannot leave a Grafana panel empty or an alert silent.
import { processMetrics } from '../../platform/src/metrics';
import { MetricsService } from '../../gateway/src/metrics/metrics.service';
// The market service registers the daily pipeline's series on processMetrics when this module loads.
import '../../services/market/src/ingest/ingest-metrics';

/** PromQL's functions and aggregations used in the dashboard and the alerts, and its keywords: not metric names. */
const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'rate', 'irate', 'increase', 'histogram_quantile', 'by', 'without', 'on', 'ignoring', 'and', 'or', 'unless']);

/** The metric names a PromQL expression reads: label matchers, groupings, ranges and strings removed first. */
export const metricNamesIn = (expr: string): string[] =>
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

/** The names of `used` that neither the gateway nor any service registers. */
export const unregisteredMetrics = (used: readonly string[]): string[] => {
  const gateway = new MetricsService();
  const registered = new Set([...gateway.registry.getMetricsAsArray(), ...processMetrics.getMetricsAsArray()].map((metric) => metric.name));
  return used.filter((name) => !registered.has(baseName(name)) && !registered.has(name));
};
