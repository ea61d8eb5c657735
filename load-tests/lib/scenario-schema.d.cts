import type { z } from 'zod';

type SecondsRange = { min: number; max: number };
type Value = ({ one_of: (string | number)[] } | { between: [number, number] } | { unique: string } | { format: string } | { value: string | number | boolean }) & {
  per?: 'iteration' | 'virtual_user';
};
type Capture = { json: string; match?: string; optional?: boolean };

export type RequestStep = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  expect?: number[];
  capture?: Record<string, Capture>;
  poll?: { until_changed: string; every_ms: number; max_tries: number };
  measured?: boolean;
};
export type ThinkStep = { think: string; seconds?: SecondsRange };
export type Step = RequestStep | ThinkStep;

/** A load scenario definition, as load-tests/lib/scenario-schema.cjs checks it. */
export type Scenario = {
  name: string;
  summary: string;
  virtual_users: number;
  duration_s: number;
  client_address: 'virtual_user' | 'iteration';
  think_time_s: SecondsRange;
  request_timeout_s?: number;
  headers?: Record<string, string>;
  values?: Record<string, Value>;
  once?: Step[];
  steps: Step[];
  thresholds: { p95_ms: number; p99_ms: number; error_rate: number };
};

export declare const ScenarioSchema: z.ZodType<Scenario>;
