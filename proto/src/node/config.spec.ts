import { z } from 'zod';
import { BaseConfigSchema, ConfigError, parseConfig, ServiceConfigSchema } from './config';

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
});
