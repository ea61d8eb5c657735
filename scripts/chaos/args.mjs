// The command line of `npm run chaos` and the two forms of the run: which faults, and how long the load runs around each.
import { parseArgs } from 'node:util';
import { SERVICES } from '../lib/common.mjs';

/** Every fault the suite knows: each service and the gateway killed with SIGKILL, the suite's Redis, its PostgreSQL. */
export const ALL_FAULTS = [...SERVICES, 'gateway', 'redis', 'postgres'];

/**
 * Both forms run every fault; they differ in how long the load runs around each. Seconds of each phase. baseline: load
 * before the first fault; before: load in a fault's window before the kill; down: from the kill to the restart; after:
 * at least this long after the restart; recover: at most this long after the restart waiting for every affected kind
 * of request to succeed again (beyond the goal, so a slow recovery is measured, not cut).
 */
export const FORMS = {
  // `npm test`: about two and a half minutes on 2 cores.
  short: { baseline: 5, before: 2, down: 1, after: 5, recover: 20 },
  long: { baseline: 20, before: 10, down: 1, after: 20, recover: 40 },
};

export const USAGE = `Usage: npm run chaos -- [--short] [--faults <name,name,…>]
  --short    the form npm test runs: every fault, with short load windows
  --faults   only these faults, in this order (of: ${ALL_FAULTS.join(', ')})`;

/** Parses the arguments; throws an Error whose message is for people on anything unknown. */
export const parseChaosArgs = (argv) => {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { short: { type: 'boolean', default: false }, faults: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length) throw new Error(`Unexpected argument: ${positionals[0]}.`);
  const form = values.short ? 'short' : 'long';
  let faults = ALL_FAULTS;
  if (values.faults !== undefined) {
    faults = values.faults
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = faults.filter((name) => !ALL_FAULTS.includes(name));
    if (unknown.length) throw new Error(`Unknown fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known: ${ALL_FAULTS.join(', ')}.`);
    if (faults.length === 0) throw new Error('--faults names no fault.');
  }
  return { help: values.help, form, faults, windows: FORMS[form] };
};
