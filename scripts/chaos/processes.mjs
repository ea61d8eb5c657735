// The stack under test as child processes that can be killed and started again one at a time: each service and the
// gateway, their output appended to one log file each.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SERVICES } from '../lib/common.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The built entry of each process of the stack. */
export const ENTRIES = Object.fromEntries([...SERVICES.map((service) => [service, `services/${service}/dist/main.js`]), ['gateway', 'gateway/dist/main.js']]);

/**
 * @param {{ env: Record<string,string>, logDir: string }} options
 */
export const createStack = ({ env, logDir }) => {
  const running = new Map();
  /** Processes that ended without being asked to, with how (a crash of the stack is a finding too). */
  const unexpectedExits = [];

  const start = (name) => {
    const log = openSync(path.join(logDir, `${name}.log`), 'a');
    const child = spawn(process.execPath, [path.join(ROOT, ENTRIES[name])], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', log, log] });
    const entry = { child, expected: false };
    child.on('exit', (code, signal) => {
      if (!entry.expected) unexpectedExits.push({ name, code, signal, at: Date.now() });
    });
    running.set(name, entry);
    return child;
  };

  /** SIGKILL, resolved once the process is gone. */
  const kill = (name) =>
    new Promise((resolve) => {
      const entry = running.get(name);
      if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return resolve();
      entry.expected = true;
      entry.child.once('exit', () => resolve());
      entry.child.kill('SIGKILL');
    });

  /** SIGTERM to every process (SIGKILL after `timeoutMs`), resolved once all are gone. */
  const stop = (timeoutMs = 15_000) =>
    Promise.all(
      [...running.values()].map(
        (entry) =>
          new Promise((resolve) => {
            entry.expected = true;
            const { child } = entry;
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

  /** For a process exit handler: SIGKILL to whatever still runs, synchronously. */
  const killAllNow = () => {
    for (const entry of running.values()) {
      entry.expected = true;
      if (entry.child.exitCode === null && entry.child.signalCode === null) entry.child.kill('SIGKILL');
    }
  };

  /** Resolves once the gateway is ready and every service answers a ping through it. */
  const waitReady = async (baseUrl, timeoutMs = 120_000) => {
    const until = Date.now() + timeoutMs;
    const pending = new Set(['gateway', ...SERVICES]);
    while (Date.now() < until) {
      const dead = [...running].find(([, entry]) => entry.child.exitCode !== null);
      if (dead) throw new Error(`${dead[0]} exited with code ${dead[1].child.exitCode} (see ${path.join(logDir, `${dead[0]}.log`)})`);
      for (const name of [...pending]) {
        const url = name === 'gateway' ? `${baseUrl}/readyz` : `${baseUrl}/api/system/ping?service=${name}`;
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
          await response.arrayBuffer();
          if (response.ok) pending.delete(name);
        } catch {
          // not listening yet
        }
      }
      if (pending.size === 0) return;
      await sleep(250);
    }
    throw new Error(`not ready within ${timeoutMs / 1000} s: ${[...pending].join(', ')}`);
  };

  return { start, kill, stop, killAllNow, waitReady, unexpectedExits };
};
