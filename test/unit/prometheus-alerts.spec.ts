// infra/prometheus/alerts.yml is loaded by operators into their Prometheus; nothing here runs one (and promtool is not
// installed). This checks what can be checked without one: it is a rule file of Prometheus's shape, it has the alerts
// the daily market data needs with their thresholds, and every metric they read is one Nivesh registers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { metricNamesIn, unregisteredMetrics } from './promql';

type Rule = { alert?: string; record?: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
type RuleFile = { groups: { name: string; interval?: string; rules: Rule[] }[] };

const rules = parse(readFileSync(path.resolve(__dirname, '../../infra/prometheus/alerts.yml'), 'utf8')) as RuleFile;
const alerts = rules.groups.flatMap((group) => group.rules);
const alert = (name: string): Rule => {
  const found = alerts.find((rule) => rule.alert === name);
  if (!found) throw new Error(`no alert ${name}`);
  return found;
};

/** Prometheus's durations: a number and a unit, possibly several ('1h30m'). */
const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;

describe('the Prometheus alerts', () => {
  it('are rule groups of Prometheus’s shape: unique group and alert names, each rule an alert with a summary, a description and a severity', () => {
    expect(rules.groups.map((group) => group.name)).toContain('nivesh-market-data');
    expect(new Set(rules.groups.map((group) => group.name)).size).toBe(rules.groups.length);
    expect(new Set(alerts.map((rule) => rule.alert)).size).toBe(alerts.length);
    for (const rule of alerts) {
      expect(rule.alert).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(typeof rule.expr).toBe('string');
      if (rule.for !== undefined) expect(rule.for).toMatch(DURATION);
      expect(['warning', 'critical']).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary?.length).toBeGreaterThan(0);
      expect(rule.annotations?.description?.length).toBeGreaterThan(0);
      // Template braces must balance, or Prometheus rejects the file.
      for (const text of Object.values(rule.annotations ?? {})) expect(text.split('{{').length).toBe(text.split('}}').length);
    }
  });

  it('warns when the market data is more than one trading session stale for 30 minutes, pointing at the admin status page', () => {
    const stale = alert('MarketDataStale');
    expect(stale.expr).toBe('max(market_data_lag_sessions) > 1');
    expect(stale.for).toBe('30m');
    expect(stale.labels?.severity).toBe('warning');
    expect(stale.annotations?.description).toContain('admin status page');
  });

  it('warns when the daily pipeline is refused or fails 3 times in 2 hours', () => {
    const failing = alert('MarketIngestFailing');
    expect(failing.expr).toBe('sum(increase(market_ingest_failures_total{status=~"failed|refused"}[2h])) >= 3');
    expect(failing.labels?.severity).toBe('warning');
    expect(failing.annotations?.description).toContain('admin status page');
  });

  it('reads only metrics the services register', () => {
    const used = alerts.flatMap((rule) => metricNamesIn(rule.expr));
    expect(used).toEqual(expect.arrayContaining(['market_data_lag_sessions', 'market_ingest_failures_total']));
    expect(unregisteredMetrics(used)).toEqual([]);
  });
});
