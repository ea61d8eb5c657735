/**
 * Runs the local NSE stand-in (services/market/src/nse/standin) until SIGINT or SIGTERM:
 *
 *   npm run nse:standin -- [--port 8790] [--through 2024-01-31] [--synthetic 1952] [--host 127.0.0.1]
 *
 * It serves the shared dataset's days at NSE's archive and website paths; point NSE_ARCHIVE_URL and NSE_WEB_URL at the
 * URL it prints. --through (default: the dataset's last day) is the last day published; other processes move it and
 * make it fail over HTTP (POST /__standin/publish, /__standin/fail, /__standin/clear, /__standin/announce; GET
 * /__standin/state). Reads the dataset from MARKET_DATA_DIR (default ../shared/data/nse).
 * Exit codes: 0 stopped, 64 bad arguments, 1 failed.
 */
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '@nivesh/platform';
import { z } from 'zod';
import { ConfigSchema } from '../config';
import { NseStandin } from '../nse/standin/nse-standin';

const EXIT = { failed: 1, usage: 64 } as const;
const USAGE = 'Usage: nse-standin [--port P] [--through YYYY-MM-DD] [--synthetic N] [--host H]';

class UsageError extends Error {}

const parseCommandLine = (argv: string[]): { port: number; through?: string; synthetic: number; host: string } => {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: { port: { type: 'string' }, through: { type: 'string' }, synthetic: { type: 'string' }, host: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError(`The arguments were not understood: ${(error as Error).message}`);
  }
  const { port = '0', through, synthetic = '0', host = '127.0.0.1' } = values;
  if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new UsageError('--port takes a port number from 0 to 65535 (0 picks a free one).');
  if (through !== undefined && !z.iso.date().safeParse(through).success) throw new UsageError('--through takes a day like 2024-01-31.');
  if (!/^\d+$/.test(synthetic) || Number(synthetic) > 100_000) throw new UsageError('--synthetic takes a whole number of extra stocks, at most 100,000.');
  return { port: Number(port), through, synthetic: Number(synthetic), host };
};

const main = async (): Promise<void> => {
  let args: ReturnType<typeof parseCommandLine>;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    process.exit(EXIT.usage);
  }
  const { MARKET_DATA_DIR } = loadConfigOrExit(ConfigSchema.pick({ MARKET_DATA_DIR: true }), process.env);
  const standin = await NseStandin.start({ dataDir: MARKET_DATA_DIR, ...args });
  console.log(`NSE stand-in serving ${standin.files.firstDay} to ${standin.files.through} at ${standin.url}`);
  const stop = () => {
    void standin.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(EXIT.failed);
});
