// Starts the whole stack as child processes: the services, the gateway and (in development) the SMTP sink.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT, SERVICES } from './common.mjs';

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const COLORS = ['\x1b[32m', '\x1b[33m', '\x1b[34m', '\x1b[35m', '\x1b[36m', '\x1b[92m', '\x1b[94m', '\x1b[95m'];

/** One readable line per JSON log line: "[name] level message". */
const format = (name, color, line) => {
  try {
    const entry = JSON.parse(line);
    const extra = entry.req ? ` ${entry.req.method} ${entry.req.url}` : entry.res ? ` ${entry.res.statusCode} ${Math.round(entry.responseTime ?? 0)}ms` : '';
    return `${color}[${name}]\x1b[0m ${LEVELS[entry.level] ?? entry.level} ${entry.msg ?? ''}${extra}`;
  } catch {
    return `${color}[${name}]\x1b[0m ${line}`;
  }
};

/** What fastify warns when a route sends a second answer on a reply already sent: the client never sees it. */
const ANSWERED_TWICE = 'Reply was already sent';

/**
 * `answeredTwiceFile`: where the gateway's "Reply was already sent" lines are appended as they come, so the run that
 * started the stack can fail on them (`npm test` does, after the end-to-end tests).
 * @param {{ env: Record<string,string>, smtp?: boolean, quiet?: boolean, answeredTwiceFile?: string }} options
 */
export const startStack = ({ env, smtp = false, quiet = false, answeredTwiceFile }) => {
  const processes = [
    ...(smtp ? [{ name: 'smtp', entry: 'scripts/dev-smtp.mjs' }] : []),
    ...SERVICES.map((service) => ({ name: service, entry: `services/${service}/dist/main.js` })),
    { name: 'gateway', entry: 'gateway/dist/main.js' },
  ];
  let stopping = false;
  const children = processes.map(({ name, entry }, index) => {
    const child = spawn(process.execPath, [path.join(ROOT, entry)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const color = COLORS[index % COLORS.length];
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        if (!quiet) process.stdout.write(`${format(name, color, line)}\n`);
        if (answeredTwiceFile && line.includes(ANSWERED_TWICE)) appendFileSync(answeredTwiceFile, `[${name}] ${line}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping) process.stderr.write(`[${name}] exited (${code ?? signal})\n`);
    });
    return { name, child };
  });

  const stop = async (timeoutMs = 15_000) => {
    stopping = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };

  /** Resolves when GET /readyz answers 200; rejects after the timeout or when a process exits. */
  const waitReady = async (baseUrl, timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const dead = children.find(({ child }) => child.exitCode !== null);
      if (dead) throw new Error(`${dead.name} exited with code ${dead.child.exitCode}`);
      try {
        const response = await fetch(`${baseUrl}/readyz`);
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the stack was not ready within ${timeoutMs / 1000}s`);
  };

  return { children, stop, waitReady };
};
