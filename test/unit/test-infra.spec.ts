// scripts/lib/test-infra.mjs decides where `npm test` gets PostgreSQL and Redis: containers of its own where a Docker
// engine answers, the local servers elsewhere. It is an ES module (scripts are plain Node) and Jest here runs CommonJS,
// so each case runs in Node itself and hands its result back as JSON.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../..');
const moduleUrl = pathToFileURL(path.join(root, 'scripts/lib/test-infra.mjs')).href;

/** Runs `body` (an async function body with the module as `infra`) in Node and returns what it returns. */
const run = (body: string): any =>
  JSON.parse(
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `import * as infra from ${JSON.stringify(moduleUrl)}; const result = await (async () => { ${body} })(); console.log(JSON.stringify(result ?? null));`,
    ], { stdio: 'pipe' }).toString(),
  );

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { image?: string }> };
const images = { postgres: compose.services.postgres.image, redis: compose.services.redis.image };

describe('scripts/lib/test-infra.mjs', () => {
  it('pins the containers to the PostgreSQL and Redis images docker-compose.yml runs', () => {
    expect(run('return infra.composeImages();')).toEqual(images);
    expect(images.postgres).toMatch(/^postgres:\d+/);
    expect(images.redis).toMatch(/^redis:\d+/);
  });

  it('starts containers where a Docker engine answers, and uses the local servers where none does', () => {
    expect(run(`return infra.chooseTestInfra({ env: {}, docker: 'unix:///var/run/docker.sock', images: infra.composeImages() });`)).toEqual({
      mode: 'testcontainers',
      reason: 'Docker engine at unix:///var/run/docker.sock',
      images,
    });
    expect(run(`return infra.chooseTestInfra({ env: {}, docker: undefined, images: infra.composeImages() });`)).toEqual({
      mode: 'local',
      reason: 'no Docker engine answers',
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/nivesh', REDIS_URL: 'redis://127.0.0.1:6379' },
    });
  });

  it('uses servers someone named, and lets TEST_INFRA decide outright', () => {
    const choose = (env: Record<string, string>, docker?: string) =>
      run(`return infra.chooseTestInfra({ env: ${JSON.stringify(env)}, docker: ${JSON.stringify(docker ?? null)} ?? undefined, images: infra.composeImages() });`);
    expect(choose({ DATABASE_URL: 'postgres://ci@db:5432/x' }, 'unix:///var/run/docker.sock')).toEqual({
      mode: 'local',
      reason: 'DATABASE_URL or REDIS_URL is set',
      env: { DATABASE_URL: 'postgres://ci@db:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' },
    });
    expect(choose({ TEST_INFRA: 'local' }, 'unix:///var/run/docker.sock').mode).toBe('local');
    expect(choose({ TEST_INFRA: 'testcontainers' }).mode).toBe('testcontainers');
    expect(() => choose({ TEST_INFRA: 'docker' })).toThrow(/TEST_INFRA must be local or testcontainers, not docker/);
  });

  it('says which it chose in one line, without passwords', () => {
    const lines = run(`return [
      infra.describeChoice(infra.chooseTestInfra({ env: { DATABASE_URL: 'postgres://u:secret@db:5432/x' }, images: infra.composeImages() })),
      infra.describeChoice(infra.chooseTestInfra({ env: {}, docker: 'tcp://ci:2375', images: infra.composeImages() })),
    ];`) as string[];
    expect(lines).toEqual([
      'test dependencies: PostgreSQL at postgres://u:***@db:5432/x and Redis at redis://127.0.0.1:6379 (DATABASE_URL or REDIS_URL is set)',
      `test dependencies: ${images.postgres} and ${images.redis} in containers started for this run (Docker engine at tcp://ci:2375)`,
    ]);
    for (const line of lines) expect(line).not.toMatch(/\n/);
  });

  it('looks for the engine where DOCKER_HOST says, else at the usual sockets, and counts only one that answers its ping', () => {
    expect(run(`return [infra.dockerCandidates({ DOCKER_HOST: 'tcp://ci:2376' }, '/home/a'), infra.dockerCandidates({ XDG_RUNTIME_DIR: '/run/user/1000' }, '/home/a')];`)).toEqual([
      ['tcp://ci:2376'],
      ['unix:///var/run/docker.sock', 'unix:///home/a/.docker/run/docker.sock', 'unix:///run/user/1000/docker.sock'],
    ]);
    const answers = run(`
      const { createServer } = await import('node:http');
      const { mkdtempSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const dir = mkdtempSync(tmpdir() + '/docker-');
      const serve = (status, file) => new Promise((resolve) => {
        const server = createServer((request, response) => response.writeHead(request.url === '/_ping' ? status : 404).end('OK'));
        server.listen(dir + '/' + file, () => resolve(server));
      });
      const engine = await serve(200, 'engine.sock');
      const other = await serve(404, 'other.sock');
      const result = [
        await infra.pingDocker('unix://' + dir + '/engine.sock'),
        await infra.pingDocker('unix://' + dir + '/other.sock'),
        await infra.pingDocker('unix://' + dir + '/missing.sock'),
        await infra.pingDocker('ssh://someone@host'),
        await infra.findDocker({}, { candidates: ['unix://' + dir + '/missing.sock', 'unix://' + dir + '/engine.sock'] }),
        (await infra.findDocker({}, { candidates: ['unix://' + dir + '/other.sock'] })) ?? null,
      ];
      engine.close();
      other.close();
      return result;
    `);
    expect(answers).toEqual([true, false, false, false, expect.stringMatching(/engine\.sock$/), null]);
  });

  it('starts both containers at the chosen images and stops them, and says what to install when the packages are missing', () => {
    const started = run(`
      const log = [];
      const container = (kind, url) => class {
        constructor(image) { log.push(kind + ' ' + image); }
        async start() { return { getConnectionUri: () => url, getConnectionUrl: () => url, stop: async () => log.push('stop ' + kind) }; }
      };
      const modules = {
        '@testcontainers/postgresql': { PostgreSqlContainer: container('postgres', 'postgres://test:test@localhost:32768/test') },
        '@testcontainers/redis': { RedisContainer: container('redis', 'redis://localhost:32769') },
      };
      const started = await infra.startContainers(infra.composeImages(), async (name) => modules[name]);
      await started.stop();
      return { env: started.env, log };
    `);
    expect(started).toEqual({
      env: { DATABASE_URL: 'postgres://test:test@localhost:32768/test', REDIS_URL: 'redis://localhost:32769' },
      log: [`postgres ${images.postgres}`, `redis ${images.redis}`, 'stop postgres', 'stop redis'],
    });
    // A machine without the packages (they are dev dependencies, so this one has them): the import fails as Node's does.
    const missing = run(`
      const notFound = async (name) => { throw Object.assign(new Error("Cannot find package '" + name + "'"), { code: 'ERR_MODULE_NOT_FOUND' }); };
      return infra.startContainers(infra.composeImages(), notFound).then(() => 'started', (error) => error.message);
    `);
    expect(missing).toContain('@testcontainers/postgresql and @testcontainers/redis are not installed');
    expect(missing).toContain('TEST_INFRA=local');
  });
});
