// No cluster runs here, so this renders infra/k8s's overlays the way `kubectl kustomize` would for the features they
// use (the renderer below refuses any other), validates every object against the Kubernetes, KEDA and CloudNativePG
// schemas (kubernetes-models), and checks what an operator would otherwise learn in a cluster: every app has its
// Deployment, Service, disruption budget and network policy; probes and resources everywhere; selectors that select;
// autoscaling on the streams and queues the code really uses; secrets referenced, never written.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Cluster } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { QueueKeys } from 'bullmq';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { parse, parseAllDocuments } from 'yaml';
import type { ZodObject } from 'zod';
import { QUEUES } from '../../proto/src/jobs';
import { BaseConfigSchema } from '../../platform/src/config';
import { serviceDataSourceOptions } from '../../platform/src/database';
import { rpcKeys } from '../../platform/src/rpc-keys';
import type { RouteDefinition } from '../../proto/src/http';
import { ROUTES } from '../../proto/src/routes';
import { SERVICE_NAMES } from '../../proto/src/rpc';

const root = path.resolve(__dirname, '../..');
const k8s = path.join(root, 'infra/k8s');

type Obj = Record<string, any>;

// ---- the renderer: the part of kustomize the manifests use ---------------------------------------------------------

/** Kustomization fields the renderer reproduces; any other makes it fail rather than render something else. */
const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'images', 'patches', 'configMapGenerator', 'generatorOptions']);
/** Lists of built-in kinds that a strategic-merge patch merges item by item, by `name` (the API's patchMergeKey). */
const MERGED_BY_NAME = new Set(['containers', 'initContainers', 'env', 'volumes', 'volumeMounts']);
/** Lists of built-in kinds the patches may replace: atomic in the API, so kustomize replaces them whole as well. */
const REPLACED = new Set(['rules', 'tls', 'paths', 'hosts', 'metrics', 'policies', 'ingress', 'egress', 'policyTypes', 'command', 'args', 'except']);

const isMap = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Kubernetes' own kinds (core, apps/v1, *.k8s.io) get strategic-merge semantics; custom resources JSON merge (RFC 7386). */
const isBuiltIn = (apiVersion: string) => !apiVersion.includes('/') || !apiVersion.split('/')[0].includes('.') || apiVersion.split('/')[0].endsWith('.k8s.io');

/**
 * A strategic-merge patch as kustomize applies it, for the lists the overlays touch; null deletes a field. Merged
 * lists come out as kustomize writes them: the patch's items first, in its order, then the others (which matters for
 * env, where $(VAR) expands only variables defined above).
 */
export const mergePatch = (target: unknown, patch: unknown, builtIn: boolean, field = ''): unknown => {
  if (Array.isArray(patch)) {
    if (!builtIn || !Array.isArray(target)) return patch;
    if (REPLACED.has(field)) return patch;
    if (!MERGED_BY_NAME.has(field)) throw new Error(`the renderer does not know how kustomize merges the list "${field}"`);
    const items = patch as Obj[];
    const patched = items.map((item) => {
      const existing = (target as Obj[]).find((candidate) => candidate.name === item.name);
      return existing ? (mergePatch(existing, item, builtIn) as Obj) : item;
    });
    return [...patched, ...(target as Obj[]).filter((item) => !items.some((p) => p.name === item.name))];
  }
  if (!isMap(patch)) return patch;
  const result: Obj = isMap(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value, builtIn, key);
  }
  return result;
};

const readDocuments = (file: string): Obj[] =>
  parseAllDocuments(readFileSync(file, 'utf8')).flatMap((document) => {
    if (document.errors.length) throw new Error(`${file}: ${document.errors[0].message}`);
    const value = document.toJS() as Obj | null;
    return value === null ? [] : [value];
  });

const splitImage = (image: string): [string, string | undefined] => {
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/') ? [image.slice(0, colon), image.slice(colon + 1)] : [image, undefined];
};

const podSpecOf = (object: Obj): Obj | undefined => object.spec?.template?.spec;

/** Renders a kustomization directory: its resources (files, or folders with their own kustomization), then its own generators, patches, images and namespace. */
export const render = (dir: string): Obj[] => {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Obj;
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${dir}: the renderer does not reproduce ${unsupported.join(', ')}`);
  const objects: Obj[] = [];
  for (const resource of kustomization.resources ?? []) {
    const target = path.join(dir, resource);
    objects.push(...(statSync(target).isDirectory() ? render(target) : readDocuments(target)));
  }
  for (const generator of kustomization.configMapGenerator ?? []) {
    if (kustomization.generatorOptions?.disableNameSuffixHash !== true) throw new Error(`${dir}: generated names need disableNameSuffixHash`);
    const data = Object.fromEntries((generator.files as string[]).map((file) => [path.basename(file), readFileSync(path.join(dir, file), 'utf8')]));
    objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data });
  }
  for (const entry of kustomization.patches ?? []) {
    if (Object.keys(entry).join() !== 'path') throw new Error(`${dir}: only patches from files (path) are reproduced`);
    for (const patch of readDocuments(path.join(dir, entry.path))) {
      const at = objects.findIndex((object) => object.kind === patch.kind && object.metadata.name === patch.metadata.name);
      if (at === -1) throw new Error(`${dir}/${entry.path}: no ${patch.kind} ${patch.metadata.name} to patch`);
      objects[at] = mergePatch(objects[at], patch, isBuiltIn(objects[at].apiVersion)) as Obj;
    }
  }
  for (const object of objects) {
    for (const container of [...(podSpecOf(object)?.containers ?? []), ...(podSpecOf(object)?.initContainers ?? [])]) {
      const [name, tag] = splitImage(container.image);
      const rule = (kustomization.images ?? []).find((image: Obj) => image.name === name);
      if (rule) container.image = `${rule.newName ?? name}${rule.newTag ?? tag ? `:${rule.newTag ?? tag}` : ''}`;
    }
    if (kustomization.namespace && object.kind !== 'Namespace') object.metadata = { ...object.metadata, namespace: kustomization.namespace };
  }
  return objects;
};

// ---- what the repository declares -----------------------------------------------------------------------------------

const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
/** The gateway and every service workspace: each runs as a Deployment. */
const APPS = ['gateway', ...rootPackage.workspaces.filter((ws) => ws.startsWith('services/')).map((ws) => ws.slice('services/'.length))];
const SERVICES = APPS.filter((app) => app !== 'gateway');
/** scripts/lib/common.mjs SERVICES (an ES module Jest cannot load; its one literal line is read instead). */
const SCRIPT_SERVICES = JSON.parse(
  /export const SERVICES = (\[[^\]]*\])/.exec(readFileSync(path.join(root, 'scripts/lib/common.mjs'), 'utf8'))![1].replaceAll("'", '"'),
) as string[];

const sourceFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path.join(dir, entry.name)] : [],
      )
    : [];

/**
 * The QUEUES keys one source file works: the queue of each class that extends QueueProcessor, and every QUEUES entry
 * named in a file that starts a QueueWorker itself.
 */
const workedIn = (source: string): string[] => [
  ...[...source.matchAll(/\bextends\s+QueueProcessor<\s*typeof\s+QUEUES\.(\w+)\s*>/g)].map((match) => match[1]),
  ...(source.includes('new QueueWorker(') ? [...source.matchAll(/QUEUES\.(\w+)/g)].map((match) => match[1]) : []),
];

/** The queues each service's code works. */
const WORKED_BY = Object.fromEntries(
  SERVICES.map((service) => [
    service,
    [...new Set(sourceFiles(path.join(root, 'services', service, 'src')).flatMap((file) => workedIn(readFileSync(file, 'utf8'))))].map((key) => {
      if (!(key in QUEUES)) throw new Error(`services/${service}: QUEUES.${key} is not a declared queue`);
      return QUEUES[key as keyof typeof QUEUES].name;
    }),
  ]),
) as Record<string, string[]>;

/** The keys each app's zod ConfigSchema accepts (an app without src/config.ts yet is left out of that check). */
const configKeys = (app: string): string[] | undefined => {
  const file = path.join(root, app === 'gateway' ? 'gateway' : `services/${app}`, 'src/config.ts');
  return existsSync(file) ? Object.keys(jest.requireActual<{ ConfigSchema: ZodObject }>(file).ConfigSchema.shape) : undefined;
};

/** The keys secret.example.env documents, and which of them it lists as required. */
const secretExample = readFileSync(path.join(k8s, 'secret.example.env'), 'utf8');
const SECRET_KEYS = [...secretExample.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]);
const REQUIRED_SECRET_KEYS = [...secretExample.split('# Optional')[0].matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]);

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Obj> };
const majorOf = (image: string) => /:v?(\d+)/.exec(image)?.[1];

// ---- validation -----------------------------------------------------------------------------------------------------

const MODELS: Record<string, (object: Obj) => { validate(): void }> = {
  'v1/Namespace': (o) => new Namespace(o as any),
  'v1/ConfigMap': (o) => new ConfigMap(o as any),
  'v1/Service': (o) => new Service(o as any),
  'v1/PersistentVolumeClaim': (o) => new PersistentVolumeClaim(o as any),
  'apps/v1/Deployment': (o) => new Deployment(o as any),
  'batch/v1/Job': (o) => new Job(o as any),
  'policy/v1/PodDisruptionBudget': (o) => new PodDisruptionBudget(o as any),
  'networking.k8s.io/v1/NetworkPolicy': (o) => new NetworkPolicy(o as any),
  'networking.k8s.io/v1/Ingress': (o) => new Ingress(o as any),
  'autoscaling/v2/HorizontalPodAutoscaler': (o) => new HorizontalPodAutoscaler(o as any),
  'keda.sh/v1alpha1/ScaledObject': (o) => new ScaledObject(o as any),
  'keda.sh/v1alpha1/TriggerAuthentication': (o) => new TriggerAuthentication(o as any),
  'postgresql.cnpg.io/v1/Cluster': (o) => new Cluster(o as any),
};
/** The OpsTree redis-operator publishes no models; its two resources are checked field by field below. */
const CHECKED_BY_HAND = new Set(['redis.redis.opstreelabs.in/v1beta2/RedisReplication', 'redis.redis.opstreelabs.in/v1beta2/RedisSentinel']);

/** The schemas accept unknown fields, so a misspelt probe would vanish silently: these are the fields the API knows. */
const CONTAINER_FIELDS = new Set([
  'name', 'image', 'imagePullPolicy', 'command', 'args', 'workingDir', 'env', 'envFrom', 'ports', 'resources', 'startupProbe',
  'livenessProbe', 'readinessProbe', 'lifecycle', 'securityContext', 'volumeMounts',
]);
const PROBE_FIELDS = new Set(['exec', 'httpGet', 'tcpSocket', 'grpc', 'initialDelaySeconds', 'periodSeconds', 'timeoutSeconds', 'failureThreshold', 'successThreshold', 'terminationGracePeriodSeconds']);

// ---- quantities -----------------------------------------------------------------------------------------------------

const UNITS: Record<string, number> = { '': 1, m: 1e-3, k: 1e3, Ki: 1024, M: 1e6, Mi: 1024 ** 2, G: 1e9, Gi: 1024 ** 3 };
const quantity = (value: string | number): number => {
  const match = /^([0-9.]+)([a-zA-Z]*)$/.exec(String(value));
  if (!match || !(match[2] in UNITS)) throw new Error(`not a quantity: ${value}`);
  return Number(match[1]) * UNITS[match[2]];
};
/** Redis's and nginx's sizes: 384mb, 3gb, 4m. */
const byteSize = (value: string): number => {
  const match = /^(\d+)\s*(b|k|kb|m|mb|g|gb)?$/i.exec(value.trim());
  if (!match) throw new Error(`not a size: ${value}`);
  return Number(match[1]) * ({ b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 }[(match[2] ?? 'b').toLowerCase()] ?? 1);
};

// ---- the renderer's own behaviour -----------------------------------------------------------------------------------

describe('the kustomize subset the test renders with', () => {
  it('merges containers and env by name (patched items first, as kustomize writes them), deletes a field set to null, and replaces other lists', () => {
    const env = [
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
      { name: 'D', value: '5' },
    ];
    const base = { spec: { replicas: 2, template: { spec: { containers: [{ name: 'a', image: 'x', env }, { name: 'z', image: 'z' }] } } } };
    const patch = { spec: { replicas: null, template: { spec: { containers: [{ name: 'a', env: [{ name: 'B', value: '3' }, { name: 'C', value: '4' }] }] } } } };
    // What kubectl kustomize (v5.5) makes of the same base and patch.
    expect(mergePatch(base, patch, true)).toEqual({
      spec: {
        template: {
          spec: {
            containers: [
              { name: 'a', image: 'x', env: [{ name: 'B', value: '3' }, { name: 'C', value: '4' }, { name: 'A', value: '1' }, { name: 'D', value: '5' }] },
              { name: 'z', image: 'z' },
            ],
          },
        },
      },
    });
    expect(mergePatch({ spec: { rules: [{ host: 'a' }, { host: 'b' }] } }, { spec: { rules: [{ host: 'c' }] } }, true)).toEqual({ spec: { rules: [{ host: 'c' }] } });
    // Custom resources take JSON merge: lists are replaced whole.
    expect(mergePatch({ spec: { triggers: [{ a: 1 }, { b: 2 }] } }, { spec: { triggers: [{ c: 3 }] } }, false)).toEqual({ spec: { triggers: [{ c: 3 }] } });
  });

  it('refuses what it does not reproduce instead of rendering something else', () => {
    expect(() => mergePatch({ spec: { tolerations: [{ key: 'a' }] } }, { spec: { tolerations: [{ key: 'b' }] } }, true)).toThrow(/tolerations/);
  });

  // Offline too; skipped where kubectl is not installed.
  const kubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
  (kubectl ? it : it.skip).each(['dev', 'prod'])('renders overlays/%s exactly as kubectl kustomize does', (overlay) => {
    const dir = path.join(k8s, 'overlays', overlay);
    const real = parseAllDocuments(execFileSync('kubectl', ['kustomize', dir], { stdio: 'pipe' }).toString()).map((d) => d.toJS() as Obj);
    const byKey = (objects: Obj[]) => Object.fromEntries(objects.map((o) => [`${o.kind}/${o.metadata.name}`, o]));
    expect(byKey(render(dir))).toEqual(byKey(real));
  });
});

// ---- the overlays ---------------------------------------------------------------------------------------------------

describe.each(['dev', 'prod'])('infra/k8s/overlays/%s', (overlay) => {
  const objects = render(path.join(k8s, 'overlays', overlay));
  const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
  const named = (kind: string, name: string): Obj => {
    const found = ofKind(kind).filter((object) => object.metadata.name === name);
    if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
    return found[0];
  };
  const deployments = ofKind('Deployment');
  const appDeployments = deployments.filter((d) => APPS.includes(d.metadata.name));
  const containersOf = (object: Obj): Obj[] => podSpecOf(object)?.containers ?? [];
  const common = named('ConfigMap', 'nivesh-common').data as Record<string, string>;
  const prefix = common.REDIS_PREFIX;
  const redisReplication = named('RedisReplication', 'redis');
  const namespace = named('Namespace', 'nivesh').metadata.name;
  const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) => Object.entries(selector).every(([key, value]) => labels[key] === value);
  const envOf = (container: Obj, name: string): Obj => (container.env as Obj[]).find((entry) => entry.name === name) ?? {};

  it('validates every object against its Kubernetes, KEDA or CloudNativePG schema, with no unknown field in containers or probes', () => {
    for (const object of objects) {
      const key = `${object.apiVersion}/${object.kind}`;
      if (CHECKED_BY_HAND.has(key)) continue;
      expect([key, MODELS[key] !== undefined]).toEqual([key, true]);
      expect(() => MODELS[key](object).validate()).not.toThrow();
      for (const container of [...containersOf(object), ...(podSpecOf(object)?.initContainers ?? [])]) {
        expect(Object.keys(container).filter((field) => !CONTAINER_FIELDS.has(field))).toEqual([]);
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          expect(Object.keys(container[probe] ?? {}).filter((field) => !PROBE_FIELDS.has(field))).toEqual([]);
        }
      }
    }
  });

  it('puts everything in the nivesh namespace, one object per kind and name', () => {
    expect(objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace).map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
    const keys = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('runs the gateway and every service, each with a Deployment, a Service, a PodDisruptionBudget and a NetworkPolicy', () => {
    expect(SERVICES).toEqual(expect.arrayContaining([...SCRIPT_SERVICES, ...SERVICE_NAMES]));
    for (const app of APPS) {
      for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget', 'NetworkPolicy']) expect([app, kind, ofKind(kind).some((o) => o.metadata.name === app)]).toEqual([app, kind, true]);
      expect(containersOf(named('Deployment', app))[0].image).toMatch(new RegExp(`nivesh[-/]${app}(:|$)`));
    }
  });

  it('selects with each Deployment, Service and PodDisruptionBudget exactly the pods of one Deployment', () => {
    for (const deployment of deployments) {
      const selector = deployment.spec.selector.matchLabels;
      expect(matches(selector, deployment.spec.template.metadata.labels)).toBe(true);
      expect(deployments.filter((other) => matches(selector, other.spec.template.metadata.labels)).map((d) => d.metadata.name)).toEqual([deployment.metadata.name]);
    }
    for (const selecting of [...ofKind('Service'), ...ofKind('PodDisruptionBudget')]) {
      const selector = selecting.kind === 'Service' ? selecting.spec.selector : selecting.spec.selector.matchLabels;
      expect([selecting.kind, selecting.metadata.name, deployments.filter((d) => matches(selector, d.spec.template.metadata.labels)).map((d) => d.metadata.name)]).toEqual([
        selecting.kind,
        selecting.metadata.name,
        [selecting.metadata.name],
      ]);
    }
  });

  it('gives every container startup, liveness and readiness probes, and resource requests within limits', () => {
    for (const deployment of deployments) {
      for (const container of containersOf(deployment)) {
        const where = `${deployment.metadata.name}/${container.name}`;
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) expect([where, probe, container[probe] !== undefined]).toEqual([where, probe, true]);
        for (const resource of ['cpu', 'memory']) {
          const { requests, limits } = container.resources;
          expect([where, resource, quantity(requests[resource]) <= quantity(limits[resource])]).toEqual([where, resource, true]);
        }
      }
    }
    for (const job of ofKind('Job')) for (const container of containersOf(job)) expect(Object.keys(container.resources).sort()).toEqual(['limits', 'requests']);
  });

  it("probes liveness without dependencies and readiness with the app's own PostgreSQL and Redis, through the mounted probe script", () => {
    const script = named('ConfigMap', 'nivesh-health-probe').data['health-probe.mjs'];
    expect(script).toBe(readFileSync(path.join(k8s, 'base/health-probe.mjs'), 'utf8'));
    for (const deployment of appDeployments) {
      const app = deployment.metadata.name;
      const [container] = containersOf(deployment);
      const exec = (probe: string) => container[probe].exec?.command as string[] | undefined;
      expect(exec('readinessProbe')).toEqual(['node', '/probe/health-probe.mjs', 'ready', app]);
      if (app === 'gateway') {
        const port = container.ports.find((p: Obj) => p.containerPort === Number(envOf(container, 'PORT').value)).name;
        expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port });
        expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port });
      } else {
        expect(exec('livenessProbe')).toEqual(['node', '/probe/health-probe.mjs', 'live', app]);
        expect(exec('startupProbe')).toEqual(['node', '/probe/health-probe.mjs', 'start', app]);
      }
      const mount = container.volumeMounts.find((m: Obj) => m.mountPath === '/probe');
      expect(podSpecOf(deployment)!.volumes.find((v: Obj) => v.name === mount.name).configMap.name).toBe('nivesh-health-probe');
      // A clean stop (SHUTDOWN_TIMEOUT_MS) finishes before the kubelet's SIGKILL.
      expect(Number(common.SHUTDOWN_TIMEOUT_MS) / 1000).toBeLessThan(podSpecOf(deployment)!.terminationGracePeriodSeconds);
    }
  });

  it('lets a node drain go on: every budget allows one eviction', () => {
    for (const budget of ofKind('PodDisruptionBudget')) expect([budget.metadata.name, budget.spec.maxUnavailable]).toEqual([budget.metadata.name, 1]);
  });

  it('scales the gateway on CPU with an autoscaling/v2 HorizontalPodAutoscaler', () => {
    const [hpa, ...others] = ofKind('HorizontalPodAutoscaler');
    expect(others).toEqual([]);
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'gateway' });
    expect(hpa.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } } }]);
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(overlay === 'prod' ? 2 : 1);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(named('Deployment', 'gateway').spec.replicas).toBeUndefined();
  });

  it("scales each service with a KEDA ScaledObject on its RPC stream's pending entries and lag, never to zero", () => {
    const keys = rpcKeys(prefix);
    const auth = named('TriggerAuthentication', 'nivesh-redis');
    expect(auth.spec.secretTargetRef).toEqual([{ parameter: 'password', name: 'nivesh-redis', key: 'password' }]);
    expect(ofKind('ScaledObject').map((o) => o.spec.scaleTargetRef.name).sort()).toEqual([...SERVICES].sort());
    for (const service of SERVICES) {
      const scaled = named('ScaledObject', service);
      expect(named('Deployment', service).spec.replicas).toBeUndefined();
      // With no live instance callers get 503 at once, so a service never scales to zero.
      expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(overlay === 'prod' ? 2 : 1);
      expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
      const streams = (scaled.spec.triggers as Obj[]).filter((t) => t.type === 'redis-streams');
      expect(streams.map((t) => [t.metadata.stream, t.metadata.consumerGroup])).toEqual([
        [keys.requests(service), keys.group(service)],
        [keys.requests(service), keys.group(service)],
      ]);
      expect(streams.map((t) => Object.keys(t.metadata).filter((k) => ['pendingEntriesCount', 'lagCount', 'streamLength'].includes(k)))).toEqual([['pendingEntriesCount'], ['lagCount']]);
      expect(streams[1].metadata.activationLagCount).toMatch(/^\d+$/);
      for (const trigger of scaled.spec.triggers as Obj[]) {
        // KEDA's operator runs in its own namespace: the address names Redis's master Service with this namespace.
        expect(trigger.metadata.address).toBe(`${redisReplication.metadata.name}-master.${namespace}.svc:6379`);
        expect(trigger.authenticationRef).toEqual({ name: 'nivesh-redis' });
      }
    }
  });

  it('starts adding instances before the running ones are full: the pending-entries target is below RPC_CONCURRENCY', () => {
    for (const service of SERVICES) {
      const concurrency = Number(envOf(containersOf(named('Deployment', service))[0], 'RPC_CONCURRENCY').value);
      const pending = Number((named('ScaledObject', service).spec.triggers as Obj[]).find((t) => t.metadata.pendingEntriesCount)?.metadata.pendingEntriesCount);
      expect([service, pending > 0 && pending < concurrency]).toEqual([service, true]);
    }
  });

  it("scales on every BullMQ queue's waiting list, on the Deployment of the service whose code works it", () => {
    const worked = Object.values(WORKED_BY).flat();
    expect(Object.values(QUEUES).map((q) => q.name).filter((name) => !worked.includes(name))).toEqual([]);
    const keys = new QueueKeys(`${prefix}:bull`); // platform/src/queues.ts: every queue under `<REDIS_PREFIX>:bull`
    for (const service of SERVICES) {
      const lists = (named('ScaledObject', service).spec.triggers as Obj[]).filter((t) => t.type === 'redis');
      expect([service, lists.map((t) => t.metadata.listName).sort()]).toEqual([service, WORKED_BY[service].map((queue) => keys.getKeys(queue).wait).sort()]);
      for (const trigger of lists) expect(Number(trigger.metadata.listLength)).toBeGreaterThan(0);
    }
  });

  it("keeps PostgreSQL's max_connections above every connection pool at the maximum replica counts", () => {
    const pool = serviceDataSourceOptions({ databaseUrl: 'postgres://x', schema: 'x', migrations: [] }).extra.max as number;
    const gatewayPool = 2; // gateway/src/health/postgres-probe.ts
    const services = ofKind('ScaledObject').reduce((sum, o) => sum + o.spec.maxReplicaCount * pool, 0);
    const gateway = named('HorizontalPodAutoscaler', 'gateway').spec.maxReplicas * gatewayPool;
    const jobs = ofKind('Job').length * pool;
    const superuserReserved = 3;
    expect(Number(named('Cluster', 'nivesh-pg').spec.postgresql.parameters.max_connections)).toBeGreaterThanOrEqual(services + gateway + jobs + superuserReserved);
  });

  it('references Secrets by name and never holds one', () => {
    expect(ofKind('Secret')).toEqual([]);
    const references = objects.flatMap((object) =>
      [...containersOf(object), ...(podSpecOf(object)?.initContainers ?? [])].flatMap((c) => (c.env ?? []).filter((e: Obj) => e.valueFrom?.secretKeyRef).map((e: Obj) => e.valueFrom.secretKeyRef)),
    );
    expect(references.length).toBeGreaterThan(0);
    for (const ref of references) {
      if (ref.name === 'nivesh-app') {
        expect(SECRET_KEYS).toContain(ref.key);
        expect([ref.key, ref.optional === true]).toEqual([ref.key, !REQUIRED_SECRET_KEYS.includes(ref.key)]);
      } else {
        // Made by the operators (CloudNativePG's application Secret) or by hand before Redis starts (docs/kubernetes.md).
        expect([ref.name, ref.key]).toEqual(ref.name === 'nivesh-pg-app' ? ['nivesh-pg-app', 'uri'] : ['nivesh-redis', 'password']);
      }
    }
    expect(redisReplication.spec.kubernetesConfig.redisSecret).toEqual({ name: 'nivesh-redis', key: 'password' });
  });

  it('sets on each app only variables its ConfigSchema accepts', () => {
    expect(Object.keys(common).filter((key) => !(key in BaseConfigSchema.shape))).toEqual([]);
    for (const deployment of [...appDeployments, ...ofKind('Job')]) {
      const app = deployment.kind === 'Job' ? (deployment.metadata.name === 'market-data' ? 'market' : 'migrate') : deployment.metadata.name;
      const [container] = containersOf(deployment);
      const names = (container.env as Obj[]).map((e) => e.name);
      // REDIS_PASSWORD only composes REDIS_URL, which must come after it for $(REDIS_PASSWORD) to expand.
      expect(names.indexOf('REDIS_PASSWORD')).toBeLessThan(names.indexOf('REDIS_URL'));
      expect(envOf(container, 'REDIS_URL').value).toBe(`redis://:$(REDIS_PASSWORD)@${redisReplication.metadata.name}-master:6379`);
      const accepted = app === 'migrate' ? Object.keys(BaseConfigSchema.shape) : configKeys(app);
      if (accepted === undefined) continue;
      expect([app, names.filter((name) => name !== 'REDIS_PASSWORD' && !accepted.includes(name))]).toEqual([app, []]);
    }
  });

  it('denies every Nivesh pod by default; only the gateway admits traffic, from the ingress controller, and Prometheus scrapes every app; apps reach DNS, Redis, PostgreSQL and their declared extras only', () => {
    const policies = ofKind('NetworkPolicy');
    const allowDefault = named('NetworkPolicy', 'default-deny');
    expect(allowDefault.spec).toEqual({ podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'nivesh' } }, policyTypes: ['Ingress', 'Egress'] });
    const redisPods = { app: redisReplication.metadata.name, redis_setup_type: 'replication' };
    const postgresPods = { 'cnpg.io/cluster': named('Cluster', 'nivesh-pg').metadata.name };
    const dns = { 'kubernetes.io/metadata.name': 'kube-system' };
    const privateRanges = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];
    const egressKind = (rule: Obj): string => {
      const ports = (rule.ports ?? []).map((p: Obj) => p.port).sort((a: number, b: number) => a - b).join(',');
      const [to] = rule.to ?? [undefined];
      if (to?.namespaceSelector && matches(dns, to.namespaceSelector.matchLabels) && ports === '53,53') return 'dns';
      if (to?.podSelector && matches(redisPods, to.podSelector.matchLabels) && ports === '6379') return 'redis';
      if (to?.podSelector && matches(postgresPods, to.podSelector.matchLabels) && ports === '5432') return 'postgres';
      if (!rule.to && ports === '25,465,587') return 'smtp';
      if (to?.ipBlock?.cidr === '0.0.0.0/0' && privateRanges.every((r) => to.ipBlock.except.includes(r)) && rule.to.length === 1) return `web:${ports}`;
      if (to?.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'mailpit' && ports === '1025') return 'mailpit';
      return `unexpected ${JSON.stringify(rule)}`;
    };
    const EXTRA: Record<string, string[]> = { auth: ['smtp', ...(overlay === 'dev' ? ['mailpit'] : [])], premium: ['web:443'], chat: ['web:443'], market: ['web:80,443'] };
    for (const workload of [...appDeployments, ...ofKind('Job')]) {
      const labels = workload.spec.template.metadata.labels;
      expect(matches(allowDefault.spec.podSelector.matchLabels, labels)).toBe(true);
      const own = policies.filter((p) => p !== allowDefault && matches(p.spec.podSelector.matchLabels, labels));
      expect(own.length).toBeGreaterThan(0);
      const egress = [...new Set(own.flatMap((p) => (p.spec.egress ?? []).map(egressKind)))].sort();
      const app = workload.metadata.name;
      expect([workload.kind, app, egress]).toEqual([workload.kind, app, ['dns', 'postgres', 'redis', ...(EXTRA[app] ?? [])].sort()]);
      const ingress = own.flatMap((p) => p.spec.ingress ?? []);
      if (workload.kind === 'Job') {
        expect([app, ingress]).toEqual([app, []]);
        continue;
      }
      // Prometheus scrapes every app from the monitoring namespace: a service on its metrics port, the gateway on its HTTP port.
      const [container] = containersOf(workload);
      const metricsPort = Number(workload.spec.template.metadata.annotations?.['prometheus.io/port']);
      const scrape = { from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }], ports: [{ protocol: 'TCP', port: metricsPort }] };
      expect([app, workload.spec.template.metadata.annotations?.['prometheus.io/scrape']]).toEqual([app, 'true']);
      expect(container.ports.map((p: Obj) => p.containerPort)).toContain(metricsPort);
      if (app !== 'gateway') {
        expect([app, Number(envOf(container, 'METRICS_PORT').value), envOf(container, 'METRICS_HOST').value]).toEqual([app, metricsPort, '0.0.0.0']);
        expect([app, ingress]).toEqual([app, [scrape]]);
        continue;
      }
      expect(metricsPort).toBe(container.ports[0].containerPort);
      expect(ingress).toEqual([
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } } }],
          ports: [{ protocol: 'TCP', port: container.ports[0].containerPort }],
        },
        scrape,
      ]);
    }
  });

  it('routes every path of the Ingress to the gateway, and admits bodies as large as the largest any route accepts', () => {
    const [ingress, ...others] = ofKind('Ingress');
    expect(others).toEqual([]);
    const service = named('Service', 'gateway');
    for (const rule of ingress.spec.rules) {
      expect(rule.http.paths).toEqual([{ path: '/', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: service.spec.ports[0].name } } } }]);
    }
    const targetPort = service.spec.ports[0].targetPort;
    expect(containersOf(named('Deployment', 'gateway'))[0].ports.map((p: Obj) => p.name)).toContain(targetPort);
    const largest = Math.max(...Object.values(ROUTES as Record<string, RouteDefinition>).map((route) => route.bodyLimitBytes ?? 0));
    expect(byteSize(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size'])).toBeGreaterThanOrEqual(largest);
    if (overlay === 'prod') expect(ingress.spec.tls[0].hosts).toEqual(ingress.spec.rules.map((rule: Obj) => rule.host));
  });

  it('tells every app that writes links the address people open Nivesh at: the Ingress host', () => {
    const [ingress] = ofKind('Ingress');
    const address = `${ingress.spec.tls ? 'https' : 'http'}://${ingress.spec.rules[0].host}`;
    const given = appDeployments.flatMap((d) => containersOf(d).flatMap((c) => (c.env as Obj[]).filter((e) => e.name === 'PUBLIC_URL').map((e) => [d.metadata.name, e.value])));
    expect(given.map(([app]) => app).sort()).toEqual(APPS.filter((app) => configKeys(app)?.includes('PUBLIC_URL')).sort());
    for (const [app, value] of given) expect([app, value]).toEqual([app, address]);
  });

  it('runs PostgreSQL through CloudNativePG and Redis through the OpsTree operator, at the versions docker-compose.yml runs', () => {
    const cluster = named('Cluster', 'nivesh-pg');
    expect(majorOf(cluster.spec.imageName)).toBe(majorOf(compose.services.postgres.image));
    expect(cluster.spec.bootstrap.initdb).toEqual({ database: 'nivesh', owner: 'nivesh' });
    const sentinel = named('RedisSentinel', redisReplication.metadata.name);
    expect(majorOf(redisReplication.spec.kubernetesConfig.image)).toBe(majorOf(compose.services.redis.image));
    expect(majorOf(sentinel.spec.kubernetesConfig.image)).toBe(majorOf(compose.services.redis.image));
    expect(sentinel.spec.redisSentinelConfig.redisReplicationName).toBe(redisReplication.metadata.name);
    expect(Number(sentinel.spec.redisSentinelConfig.quorum)).toBe(Math.floor(sentinel.spec.clusterSize / 2) + 1);
    if (overlay === 'prod') {
      expect(cluster.spec.instances).toBe(3);
      expect(cluster.spec.postgresql.synchronous).toEqual({ method: 'any', number: 1 });
      expect(cluster.spec.affinity.podAntiAffinityType).toBe('required');
      expect([redisReplication.spec.clusterSize, sentinel.spec.clusterSize]).toEqual([3, 3]);
    } else {
      expect(cluster.spec.instances).toBe(1);
    }
    // The sentinels find the master as the node with a replica attached: a master alone would never be watched.
    expect(redisReplication.spec.clusterSize).toBeGreaterThanOrEqual(2);
  });

  it('configures Redis with AOF and noeviction, its memory bounded below the container limit', () => {
    const config = named('ConfigMap', redisReplication.spec.redisConfig.additionalRedisConfig).data['redis-additional.conf'] as string;
    const settings = Object.fromEntries(
      config
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => [line.split(/\s+/)[0], line.split(/\s+/).slice(1).join(' ')]),
    );
    expect(settings).toMatchObject({ appendonly: 'yes', appendfsync: 'everysec', 'maxmemory-policy': 'noeviction' });
    expect(byteSize(settings.maxmemory)).toBeLessThan(quantity(redisReplication.spec.kubernetesConfig.resources.limits.memory));
    for (const service of ['redis', 'postgres']) expect(named('NetworkPolicy', service).spec.policyTypes).toEqual(['Ingress']);
    // Replication and the sentinels (pods `<name>-sentinel`, as the operator names them) reach the Redis pods.
    const peers = (named('NetworkPolicy', 'redis').spec.ingress[0].from as Obj[]).map((from) => from.podSelector?.matchLabels?.app);
    expect(peers).toEqual(expect.arrayContaining([redisReplication.metadata.name, `${named('RedisSentinel', redisReplication.metadata.name).metadata.name}-sentinel`]));
  });

  it('migrates with a Job from the migrate image, and loads the market data with a Job from the market image', () => {
    const migrate = containersOf(named('Job', 'migrate'))[0];
    expect(migrate.command).toEqual(compose.services.migrate.command);
    expect(migrate.image).toMatch(/nivesh[-/]migrate(:|$)/);
    const load = named('Job', 'market-data');
    const [importer] = containersOf(load);
    expect(importer.image).toBe(containersOf(named('Deployment', 'market'))[0].image);
    expect(importer.command.join(' ')).toMatch(/cli\/import\.js csv \/data\/nse .*cli\/import\.js xbrl \/data\/fundamentals\/xbrl/);
    const claim = podSpecOf(load)!.volumes.find((v: Obj) => v.persistentVolumeClaim).persistentVolumeClaim.claimName;
    expect(named('PersistentVolumeClaim', claim).metadata.name).toBe(claim);
    for (const job of ofKind('Job')) expect(podSpecOf(job)!.restartPolicy).toBe('Never');
  });

  it(overlay === 'prod' ? 'pins every image to a registry and a version, never latest' : 'uses the locally built images tagged dev', () => {
    const images = objects.flatMap((o) => containersOf(o).map((c) => c.image as string)).filter((image) => /nivesh/.test(image));
    for (const image of images) {
      const [, tag] = splitImage(image);
      if (overlay === 'prod') {
        expect(image).toMatch(/^[a-z0-9.-]+\.[a-z]+\//);
        expect(tag).toMatch(/^\d+\.\d+\.\d+$/);
      } else {
        expect(tag).toBe('dev');
      }
    }
  });
});

// ---- the probe script -----------------------------------------------------------------------------------------------

/** Evaluates an expression with health-probe.mjs imported as `probe`, in Node itself (Jest runs CommonJS only). */
const withProbe = (expression: string): unknown =>
  JSON.parse(
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `import * as probe from ${JSON.stringify(pathToFileURL(path.join(k8s, 'base/health-probe.mjs')).href)}; console.log(JSON.stringify(${expression}));`,
    ], { stdio: 'pipe' }).toString(),
  );

describe('infra/k8s/base/health-probe.mjs', () => {
  it('never fails liveness because Redis or PostgreSQL is down, only when Redis answers and the instance stopped beating', () => {
    expect(
      withProbe(`[
        probe.verdict('live', 'auth', { redis: 'failed', postgres: 'failed' }).ok,
        probe.verdict('live', 'auth', { redis: 'ok', beat: true }).ok,
        probe.verdict('live', 'auth', { redis: 'ok', beat: false }).ok,
        probe.verdict('live', 'gateway', { http: 'ok', redis: 'failed' }).ok,
        probe.verdict('live', 'gateway', { http: 'failed' }).ok,
      ]`),
    ).toEqual([true, true, false, true, false]);
  });

  it("fails readiness when the app's own Redis or PostgreSQL does not answer, or the instance has not joined", () => {
    expect(
      withProbe(`[
        probe.verdict('ready', 'auth', { redis: 'ok', beat: true, postgres: 'ok' }),
        probe.verdict('ready', 'auth', { redis: 'ok', beat: true, postgres: 'failed' }),
        probe.verdict('ready', 'auth', { redis: 'failed', postgres: 'ok' }),
        probe.verdict('ready', 'auth', { redis: 'ok', beat: false, postgres: 'ok' }),
        probe.verdict('start', 'auth', { redis: 'ok', beat: true }),
        probe.verdict('ready', 'gateway', { http: 'ok', redis: 'ok', postgres: 'ok' }),
        probe.verdict('ready', 'gateway', { http: 'ok', redis: 'ok', postgres: 'failed' }),
      ]`),
    ).toEqual([
      { ok: true },
      { ok: false, reason: 'PostgreSQL does not answer' },
      { ok: false, reason: 'Redis does not answer' },
      { ok: false, reason: 'this instance has not joined its service (no recent heartbeat)' },
      { ok: true },
      { ok: true },
      { ok: false, reason: 'PostgreSQL does not answer' },
    ]);
  });

  it("counts only this pod's own recent heartbeat, whatever its pid", () => {
    const now = 1_000_000;
    expect(
      withProbe(`[
        probe.hasFreshBeat([['auth-pod-a-7-1f2e', '${now - 1_000}']], { service: 'auth', host: 'pod-a', now: ${now} }),
        probe.hasFreshBeat([['auth-pod-ab-7-1f2e', '${now}']], { service: 'auth', host: 'pod-a', now: ${now} }),
        probe.hasFreshBeat([['auth-pod-a-7-1f2e', '${now - 60_000}']], { service: 'auth', host: 'pod-a', now: ${now} }),
        probe.hasFreshBeat([['chat-pod-a-7-1f2e', '${now}']], { service: 'auth', host: 'pod-a', now: ${now} }),
        probe.instancesKey('nivesh', 'auth'),
      ]`),
    ).toEqual([true, false, false, false, rpcKeys('nivesh').instances('auth')]);
  });

  it('probes the app the image runs when none is named (docker compose), from its APP build argument', () => {
    expect(withProbe(`[probe.appOf({ APP: 'services/auth' }), probe.appOf({ APP: 'gateway' }), probe.appOf({}) ?? null]`)).toEqual(['auth', 'gateway', null]);
  });
});
