import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository's root. */
export const ROOT = path.resolve(__dirname, '../..');

/** A built service running as its own process, with the latest lines it printed (to show when something goes wrong). */
export type BuiltService = { service: string; child: ChildProcess; output: string[] };

/** How many output chunks are kept per process. */
const KEPT_OUTPUT = 200;

/**
 * Starts `services/<service>/dist/main.js` with `env` on top of this process's environment, as production runs it;
 * resolves when it logs that it is ready. Rejects when it exits first (the error carries the exit `code` and its
 * `output`) or is not ready within `timeoutMs`.
 */
export const startBuiltService = (service: string, env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<BuiltService> =>
  new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(process.execPath, [path.join(ROOT, `services/${service}/dist/main.js`)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => reject(new Error(`${service} did not start within ${timeoutMs / 1000} s:\n${output.join('')}`)), timeoutMs);
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > KEPT_OUTPUT) output.shift();
      if (chunk.toString().includes('service ready')) {
        clearTimeout(timer);
        resolve({ service, child, output });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`${service} exited with ${code}:\n${output.join('')}`), { code, output: output.join('') }));
    });
  });

/** Sends SIGTERM (unless the process has already ended) and resolves with its exit code. */
export const stopBuiltService = (running: BuiltService): Promise<number | null> =>
  new Promise((resolve) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return resolve(running.child.exitCode);
    running.child.once('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });

/** Runs a built script of the repository (a migration, an import) to its end; rejects with its output when it fails. */
export const runBuiltScript = (script: string, args: readonly string[], env: Record<string, string>): Promise<void> =>
  new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(process.execPath, [path.join(ROOT, script), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} ${args.join(' ')} exited with ${code}:\n${output.join('')}`))));
  });
