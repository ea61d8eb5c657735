// Where `npm test` gets its PostgreSQL and Redis. On a machine with a Docker engine (a contributor's laptop, a hosted
// CI) it starts its own, with testcontainers, at the versions docker-compose.yml runs, so a run never depends on what
// happens to be installed; where no engine answers, it uses the local servers as before. This file is the one place
// that chooses; scripts/test.mjs asks it once and prints its one line.
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ROOT, redact } from './common.mjs';

export const MODES = ['local', 'testcontainers'];

export const MISSING_PACKAGES =
  'A Docker engine answers, so npm test runs PostgreSQL and Redis in containers, but @testcontainers/postgresql and ' +
  '@testcontainers/redis are not installed. Install them (npm install --save-dev @testcontainers/postgresql ' +
  '@testcontainers/redis), or use the local servers with TEST_INFRA=local.';

/** The PostgreSQL and Redis images docker-compose.yml runs: the versions production uses, so the tests use them too. */
export const composeImages = (file = path.join(ROOT, 'docker-compose.yml')) => {
  const { services } = parse(readFileSync(file, 'utf8'), { merge: true });
  return { postgres: services.postgres.image, redis: services.redis.image };
};

/** Where an engine may listen: DOCKER_HOST alone when set (as the Docker CLI and testcontainers do), else the usual sockets. */
export const dockerCandidates = (env = process.env, home = os.homedir()) => {
  if (env.DOCKER_HOST) return [env.DOCKER_HOST];
  return [
    'unix:///var/run/docker.sock',
    `unix://${home}/.docker/run/docker.sock`,
    ...(env.XDG_RUNTIME_DIR ? [`unix://${env.XDG_RUNTIME_DIR}/docker.sock`] : []),
  ];
};

/**
 * Whether an engine answers at an address: its /_ping over a unix socket (so a socket this user may not open counts
 * as no engine), or a TCP connection for tcp:// (which may be TLS, so the port answering is all that can be asked).
 */
export const pingDocker = (address, timeoutMs = 1_000) =>
  new Promise((resolve) => {
    let url;
    try {
      url = new URL(address);
    } catch {
      return resolve(false);
    }
    if (url.protocol === 'tcp:') {
      const socket = net.connect({ host: url.hostname, port: Number(url.port || 2375) });
      socket.setTimeout(timeoutMs);
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(false));
      return;
    }
    if (url.protocol !== 'unix:') return resolve(false);
    const request = http.get({ socketPath: url.pathname, path: '/_ping', timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(false));
  });

/** The first address where an engine answers, or undefined. */
export const findDocker = async (env = process.env, { candidates = dockerCandidates(env), ping = pingDocker } = {}) => {
  for (const address of candidates) if (await ping(address)) return address;
  return undefined;
};

/**
 * The choice, from the environment and the engine found (if any). TEST_INFRA=local|testcontainers decides outright;
 * a DATABASE_URL or REDIS_URL given means those servers; otherwise containers when an engine answers.
 */
export const chooseTestInfra = ({ env, docker, images }) => {
  const forced = env.TEST_INFRA || undefined;
  if (forced !== undefined && !MODES.includes(forced)) throw new Error(`TEST_INFRA must be ${MODES.join(' or ')}, not ${forced}.`);
  const local = (reason) => ({
    mode: 'local',
    reason,
    env: { DATABASE_URL: env.DATABASE_URL || DEFAULT_DATABASE_URL, REDIS_URL: env.REDIS_URL || DEFAULT_REDIS_URL },
  });
  if (forced === 'local') return local('TEST_INFRA=local');
  if (forced === 'testcontainers') return { mode: 'testcontainers', reason: 'TEST_INFRA=testcontainers', images };
  if (env.DATABASE_URL || env.REDIS_URL) return local('DATABASE_URL or REDIS_URL is set');
  if (!docker) return local('no Docker engine answers');
  return { mode: 'testcontainers', reason: `Docker engine at ${docker}`, images };
};

/** The one line npm test prints about its choice. */
export const describeChoice = (choice) =>
  choice.mode === 'local'
    ? `test dependencies: PostgreSQL at ${redact(choice.env.DATABASE_URL)} and Redis at ${redact(choice.env.REDIS_URL)} (${choice.reason})`
    : `test dependencies: ${choice.images.postgres} and ${choice.images.redis} in containers started for this run (${choice.reason})`;

/**
 * Starts PostgreSQL and Redis containers at the chosen images; resolves with their URLs and stop(). The packages are
 * loaded only here, so a machine without Docker never needs them. (testcontainers' reaper removes the containers
 * should this process die before stop().)
 */
export const startContainers = async (images, load = (name) => import(name)) => {
  let modules;
  try {
    modules = await Promise.all([load('@testcontainers/postgresql'), load('@testcontainers/redis')]);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'MODULE_NOT_FOUND') throw new Error(MISSING_PACKAGES);
    throw error;
  }
  const [{ PostgreSqlContainer }, { RedisContainer }] = modules;
  const [postgres, redis] = await Promise.all([new PostgreSqlContainer(images.postgres).start(), new RedisContainer(images.redis).start()]);
  return {
    env: { DATABASE_URL: postgres.getConnectionUri(), REDIS_URL: redis.getConnectionUrl() },
    stop: async () => {
      await Promise.allSettled([postgres.stop(), redis.stop()]);
    },
  };
};
