import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { complianceOf, ConfigError, otlpTracesUrl, parseConfig } from '@nivesh/platform';
import { ConfigSchema, listenHost } from './config';

const SECRET = 's'.repeat(32);

describe('gateway config', () => {
  it('has defaults for everything but the JWT secret', () => {
    const config = parseConfig(ConfigSchema, { JWT_SECRET: SECRET });
    expect(config).toMatchObject({
      PORT: 8080,
      JWT_ISSUER: 'nivesh',
      JWT_AUDIENCE: 'nivesh-web',
      TRUST_PROXY: false,
      RATE_LIMIT_PER_MINUTE: 600,
      WEB_DIST_DIR: path.resolve(__dirname, '../../web/dist'),
    });
  });

  it('reads the environment by these exact names', () => {
    const config = parseConfig(ConfigSchema, {
      JWT_SECRET: SECRET,
      PORT: '9000',
      HOST: '127.0.0.1',
      JWT_ISSUER: 'iss',
      JWT_AUDIENCE: 'aud',
      WEB_DIST_DIR: '/srv/web',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: '42',
    });
    expect(config).toMatchObject({ PORT: 9000, HOST: '127.0.0.1', JWT_ISSUER: 'iss', JWT_AUDIENCE: 'aud', WEB_DIST_DIR: '/srv/web', TRUST_PROXY: true, RATE_LIMIT_PER_MINUTE: 42 });
  });

  it('listens on this machine only outside production, on every interface in production, unless HOST says otherwise', () => {
    const host = (env: Record<string, string>) => listenHost(parseConfig(ConfigSchema, { JWT_SECRET: SECRET, ...env }));
    expect(host({})).toBe('127.0.0.1');
    expect(host({ NODE_ENV: 'development' })).toBe('127.0.0.1');
    expect(host({ NODE_ENV: 'test' })).toBe('127.0.0.1');
    expect(host({ NODE_ENV: 'production' })).toBe('0.0.0.0');
    expect(host({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(host({ NODE_ENV: 'production', HOST: '10.0.0.7' })).toBe('10.0.0.7');
  });

  it('refuses a missing or short JWT secret, naming the variable', () => {
    expect(() => parseConfig(ConfigSchema, {})).toThrow(ConfigError);
    expect(() => parseConfig(ConfigSchema, { JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('refuses a TRUST_PROXY that is not true or false', () => {
    expect(() => parseConfig(ConfigSchema, { JWT_SECRET: SECRET, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('runs the education compliance profile unless told otherwise; registered needs the analyst’s registration, each missing one named', () => {
    expect(parseConfig(ConfigSchema, { JWT_SECRET: SECRET }).COMPLIANCE_PROFILE).toBe('education');
    expect(() => parseConfig(ConfigSchema, { JWT_SECRET: SECRET, COMPLIANCE_PROFILE: 'advisor' })).toThrow(/COMPLIANCE_PROFILE/);
    const missing = (() => {
      try {
        parseConfig(ConfigSchema, { JWT_SECRET: SECRET, COMPLIANCE_PROFILE: 'registered', RA_NAME: 'Asha Rao' });
      } catch (error) {
        return (error as ConfigError).issues;
      }
      return [];
    })();
    expect(missing).toEqual([
      'RA_REGISTRATION_NUMBER: is required when COMPLIANCE_PROFILE is registered',
      'RA_VALID_UNTIL: is required when COMPLIANCE_PROFILE is registered',
    ]);
    expect(() =>
      parseConfig(ConfigSchema, { JWT_SECRET: SECRET, COMPLIANCE_PROFILE: 'registered', RA_REGISTRATION_NUMBER: 'INA000012345', RA_NAME: 'Asha Rao', RA_VALID_UNTIL: '2030-03-31' }),
    ).toThrow(/RA_REGISTRATION_NUMBER: must be a SEBI research analyst registration number/);
    const registered = parseConfig(ConfigSchema, { JWT_SECRET: SECRET, COMPLIANCE_PROFILE: 'registered', RA_REGISTRATION_NUMBER: 'INH000012345', RA_NAME: 'Asha Rao', RA_VALID_UNTIL: '2030-03-31' });
    expect(registered).toMatchObject({ COMPLIANCE_PROFILE: 'registered', RA_REGISTRATION_NUMBER: 'INH000012345' });
  });

  it("reads the analyst's disclosures from RA_DISCLOSURES_FILE, paragraph by paragraph, and refuses a file it cannot read or that holds nothing", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-disclosures-'));
    try {
      const registered = { JWT_SECRET: SECRET, COMPLIANCE_PROFILE: 'registered', RA_REGISTRATION_NUMBER: 'INH000012345', RA_NAME: 'Asha Rao', RA_VALID_UNTIL: '2030-03-31' };
      const file = path.join(dir, 'disclosures.txt');
      writeFileSync(file, 'Asha Rao holds no shares\nof the stocks covered.\n\n\nInvestments in the securities market are subject to market risks.\n');
      const config = parseConfig(ConfigSchema, { ...registered, RA_DISCLOSURES_FILE: file });
      expect(complianceOf(config).disclosures).toEqual(['Asha Rao holds no shares of the stocks covered.', 'Investments in the securities market are subject to market risks.']);
      // Without a file, the default disclosures name the analyst.
      const defaults = complianceOf(parseConfig(ConfigSchema, registered)).disclosures;
      expect(defaults.length).toBeGreaterThanOrEqual(3);
      expect(defaults[0]).toContain('in no way guarantee the performance of Asha Rao');
      writeFileSync(path.join(dir, 'empty.txt'), '\n  \n');
      expect(() => parseConfig(ConfigSchema, { ...registered, RA_DISCLOSURES_FILE: path.join(dir, 'empty.txt') })).toThrow(/RA_DISCLOSURES_FILE: holds no text/);
      expect(() => parseConfig(ConfigSchema, { ...registered, RA_DISCLOSURES_FILE: path.join(dir, 'missing.txt') })).toThrow(/RA_DISCLOSURES_FILE: cannot be read \(ENOENT\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps audit records five years unless COMPLIANCE_AUDIT_RETENTION_DAYS says otherwise, and says so in words', () => {
    const registered = { JWT_SECRET: SECRET, COMPLIANCE_PROFILE: 'registered', RA_REGISTRATION_NUMBER: 'INH000012345', RA_NAME: 'Asha Rao', RA_VALID_UNTIL: '2030-03-31' };
    const byDefault = complianceOf(parseConfig(ConfigSchema, registered)).audit!;
    expect(byDefault.retention_days).toBe(1826);
    expect(byDefault.kept).toContain('kept as an audit record for 5 years');
    expect(byDefault.kept).toContain('no e-mail address');
    expect(complianceOf(parseConfig(ConfigSchema, { ...registered, COMPLIANCE_AUDIT_RETENTION_DAYS: '400' })).audit!.kept).toContain('for 400 days');
    expect(() => parseConfig(ConfigSchema, { ...registered, COMPLIANCE_AUDIT_RETENTION_DAYS: '0' })).toThrow(/COMPLIANCE_AUDIT_RETENTION_DAYS/);
    // Under education nothing is kept, and no analyst discloses anything.
    expect(complianceOf(parseConfig(ConfigSchema, { JWT_SECRET: SECRET }))).toMatchObject({ audit: null, disclosures: [] });
  });

  it('exports spans only to a configured OTLP endpoint', () => {
    expect(otlpTracesUrl(parseConfig(ConfigSchema, { JWT_SECRET: SECRET }))).toBeUndefined();
    const config = parseConfig(ConfigSchema, { JWT_SECRET: SECRET, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.monitoring:4318' });
    expect(otlpTracesUrl(config)).toBe('http://otel-collector.monitoring:4318/v1/traces');
    expect(() => parseConfig(ConfigSchema, { JWT_SECRET: SECRET, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/);
  });
});
