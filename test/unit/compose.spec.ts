// docker-compose.yml cannot be run here (no Docker engine), so this checks what can be checked
// without one: it parses, it runs every service the repository declares with a healthcheck and in
// order, every build context, Dockerfile and target exists, every image is pinned to a tag, Redis is
// durable, and every variable set on an app is one its config schema accepts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { ZodObject } from 'zod';
import { SERVICE_NAMES } from '../../proto/src/rpc';

const root = path.resolve(__dirname, '../..');

type Build = string | { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> | string[] };
type Service = {
  image?: string;
  build?: Build;
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | { target: number; published?: string | number })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: string[];
};
type Compose = { services: Record<string, Service> };

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as Compose;
const services = Object.entries(compose.services);

/** The gateway and every service workspace of package.json: each is an app compose builds and runs. */
const APPS = ['gateway', ...(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces as string[]).filter((ws) => ws.startsWith('services/'))];
/** scripts/lib/common.mjs SERVICES, the services `npm start` runs (an ES module Jest cannot load; its one literal line is read). */
const SCRIPT_SERVICES = JSON.parse(
  /export const SERVICES = (\[[^\]]*\])/.exec(readFileSync(path.join(root, 'scripts/lib/common.mjs'), 'utf8'))![1].replaceAll("'", '"'),
) as string[];

/** The app each workspace builds, and the keys its zod ConfigSchema accepts. */
const configKeys: Record<string, string[]> = Object.fromEntries(
  APPS.map((app) => [app, Object.keys(jest.requireActual<{ ConfigSchema: ZodObject }>(path.join(root, app, 'src/config.ts')).ConfigSchema.shape)]),
);

const buildOf = (service: Service) => {
  if (service.build === undefined) return undefined;
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  const args = Array.isArray(build.args)
    ? Object.fromEntries(build.args.map((arg) => [arg.split('=')[0], arg.split('=').slice(1).join('=')]))
    : (build.args ?? {});
  return { context: build.context ?? '.', dockerfile: build.dockerfile ?? 'Dockerfile', target: build.target, args };
};

const envKeys = (service: Service): string[] =>
  Array.isArray(service.environment)
    ? service.environment.map((entry) => entry.split('=')[0])
    : Object.keys(service.environment ?? {});

const envValue = (service: Service, key: string): string | undefined => {
  if (Array.isArray(service.environment)) {
    const entry = service.environment.find((e) => e.split('=')[0] === key);
    return entry?.split('=').slice(1).join('=');
  }
  const value = service.environment?.[key];
  return value === null || value === undefined ? undefined : String(value);
};

const commandTokens = (service: Service): string[] =>
  Array.isArray(service.command) ? service.command : (service.command ?? '').split(/\s+/).filter(Boolean);

const publishedPorts = (service: Service): string[] =>
  (service.ports ?? []).map((port) => (typeof port === 'string' ? port.replace(/\/(tcp|udp)$/, '') : `${port.published}:${port.target}`));

const appServices = services.filter(([, service]) => buildOf(service)?.args.APP !== undefined);

describe('docker-compose.yml', () => {
  it('declares PostgreSQL, Redis, Mailpit, the migration job, the gateway and every service', () => {
    const serviceNames = APPS.filter((app) => app !== 'gateway').map((app) => app.slice('services/'.length));
    expect(serviceNames).toEqual(expect.arrayContaining([...SCRIPT_SERVICES, ...SERVICE_NAMES]));
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'redis', 'mailpit', 'migrate', 'gateway', ...serviceNames].sort());
  });

  it.each(services.filter(([name]) => name !== 'migrate'))('%s has a healthcheck', (_name, service) => {
    expect(service.healthcheck?.disable).not.toBe(true);
    expect(service.healthcheck?.test).toBeDefined();
  });

  it.each(appServices.filter(([name]) => name !== 'gateway'))("%s is checked by the probe Kubernetes runs, mounted from infra/k8s", (_name, service) => {
    expect(service.healthcheck?.test).toEqual(['CMD', 'node', '/probe/health-probe.mjs', 'ready']);
    const mount = (service.volumes ?? []).find((volume) => volume.split(':')[1] === '/probe/health-probe.mjs');
    expect(mount).toBe('./infra/k8s/base/health-probe.mjs:/probe/health-probe.mjs:ro');
    expect(existsSync(path.join(root, mount!.split(':')[0]))).toBe(true);
  });

  it('starts the gateway once Redis and every service are healthy, and auth once Mailpit is', () => {
    const services = appServices.filter(([name]) => name !== 'gateway').map(([name]) => name);
    expect(compose.services.gateway.depends_on).toEqual(
      Object.fromEntries(['redis', ...services].map((name) => [name, { condition: 'service_healthy' }])),
    );
    expect(compose.services.auth.depends_on).toMatchObject({ mailpit: { condition: 'service_healthy' } });
  });

  it.each(services.filter(([, s]) => s.build !== undefined))('%s: build context, Dockerfile and target exist', (_name, service) => {
    const build = buildOf(service)!;
    const context = path.resolve(root, build.context);
    expect(statSync(context).isDirectory()).toBe(true);
    const dockerfile = path.resolve(context, build.dockerfile);
    expect(existsSync(dockerfile)).toBe(true);
    if (build.target !== undefined) {
      const stages = [...readFileSync(dockerfile, 'utf8').matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1].toLowerCase());
      expect(stages).toContain(build.target.toLowerCase());
    }
    if (build.args.APP !== undefined) {
      expect(existsSync(path.resolve(context, build.args.APP, 'package.json'))).toBe(true);
    }
  });

  it.each(services.filter(([, s]) => s.image !== undefined).map(([name, s]) => [name, s.image!]))(
    '%s: image %s is pinned to a tag',
    (_name, image) => {
      expect(image).toMatch(/^[a-z0-9]+([._/-][a-z0-9]+)*:[\w][\w.-]{0,127}$/);
      expect(image.endsWith(':latest')).toBe(false);
    },
  );

  it('runs Redis with AOF persistence and the noeviction policy', () => {
    const tokens = commandTokens(compose.services.redis).join(' ');
    expect(tokens).toMatch(/--appendonly yes\b/);
    expect(tokens).toMatch(/--maxmemory-policy noeviction\b/);
  });

  it('runs the migrations once, from the migrate target, after PostgreSQL is healthy', () => {
    const migrate = compose.services.migrate;
    expect(commandTokens(migrate)).toEqual(['node', 'scripts/migrate.mjs']);
    expect(migrate.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
  });

  it('builds the gateway and each service from its own workspace', () => {
    expect(appServices.map(([, service]) => buildOf(service)!.args.APP).sort()).toEqual([...APPS].sort());
    for (const [name, service] of appServices) {
      const app = buildOf(service)!.args.APP;
      expect(app === 'gateway' ? name : `services/${name}`).toBe(app);
    }
  });

  it.each(appServices.filter(([name]) => name !== 'gateway'))('%s starts after the migrations succeed and Redis is healthy', (_name, service) => {
    expect(service.depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
      redis: { condition: 'service_healthy' },
    });
  });

  it.each(appServices)('%s sets only variables its ConfigSchema accepts', (_name, service) => {
    const accepted = configKeys[buildOf(service)!.args.APP];
    const keys = envKeys(service);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !accepted.includes(key))).toEqual([]);
  });

  it('takes secrets from required interpolation, never from the file', () => {
    // Payment secrets are needed only once a payment provider is set up; they too come from the environment.
    const optional = new Set(['PAYMENT_WEBHOOK_SECRET', 'RAZORPAY_KEY_SECRET']);
    for (const [name, service] of appServices) {
      for (const key of envKeys(service).filter((k) => /SECRET/.test(k))) {
        const expected = optional.has(key) ? `\${${key}:-}` : `\${${key}:?set ${key}}`;
        expect([name, key, envValue(service, key)]).toEqual([name, key, expected]);
      }
    }
  });

  it('sends mail to Mailpit and publishes its UI, its SMTP port and the gateway', () => {
    expect(envValue(compose.services.auth, 'SMTP_URL')).toBe('smtp://mailpit:1025');
    expect(publishedPorts(compose.services.mailpit).sort()).toEqual(['1025:1025', '8025:8025']);
    expect(publishedPorts(compose.services.gateway)).toEqual(['8080:8080']);
    expect(envValue(compose.services.gateway, 'PORT')).toBe('8080');
  });
});
