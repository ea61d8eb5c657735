import { z } from 'zod';
import { BaseConfigSchema, ConfigError, parseConfig, ServiceConfigSchema } from './config';
import { otlpTracesUrl } from './telemetry';

describe('parseConfig', () => {
  const Schema = ServiceConfigSchema.extend({ JWT_SECRET: z.string().min(32, 'must be at least 32 characters') });

  it('applies the defaults for this machine', () => {
    const config = parseConfig(Schema, { JWT_SECRET: 'x'.repeat(32) });
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/nivesh');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.RPC_CONCURRENCY).toBe(256);
    expect(config.NODE_ENV).toBe('development');
  });

  it('names every variable at fault', () => {
    let error: unknown;
    try {
      parseConfig(Schema, { REDIS_URL: 'http://wrong', RPC_CONCURRENCY: 'lots' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('JWT_SECRET: is required but not set');
    expect(message).toContain('REDIS_URL:');
    expect(message).toContain('RPC_CONCURRENCY:');
  });

  it('treats an empty variable as unset, so defaults apply', () => {
    expect(parseConfig(BaseConfigSchema, { LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => parseConfig(BaseConfigSchema, { DATABASE_URL: 'mysql://root@localhost/db' })).toThrow(/DATABASE_URL/);
  });

  it('serves no metrics and exports no spans unless told where', () => {
    const config = parseConfig(ServiceConfigSchema, {});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    expect(otlpTracesUrl(config)).toBeUndefined();
  });

  it('reads the metrics port and the OTLP endpoints, the traces path added to the base endpoint only', () => {
    const config = parseConfig(ServiceConfigSchema, { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' });
    expect(config.METRICS_PORT).toBe(9464);
    expect(config.METRICS_HOST).toBe('0.0.0.0');
    expect(otlpTracesUrl(config)).toBe('http://collector:4318/v1/traces');
    const traces = parseConfig(BaseConfigSchema, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.in/otlp' });
    expect(otlpTracesUrl(traces)).toBe('https://traces.example.in/otlp');
    expect(parseConfig(BaseConfigSchema, {}).OTEL_SDK_DISABLED).toBe(false);
    expect(parseConfig(BaseConfigSchema, { OTEL_SDK_DISABLED: 'true' }).OTEL_SDK_DISABLED).toBe(true);
  });

  it('refuses a metrics port out of range and an endpoint that is not HTTP', () => {
    expect(() => parseConfig(ServiceConfigSchema, { METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => parseConfig(BaseConfigSchema, { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
