/**
 * Writes NSE's end-of-day files for the shared dataset's trading days, in NSE's own names and layouts:
 *
 *   npm run nse:files -- --from 2024-01-01 --to 2024-03-28 --out /tmp/nse [--synthetic 1952]
 *
 * Each trading day gets its UDiFF CM bhavcopy zip (BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv.zip) and, when the dataset
 * has NIFTY 50 that day, its index close file (ind_close_all_DDMMYYYY.csv). --synthetic adds that many random-walk
 * stocks (SYN0001 …) to every bhavcopy. Reads the dataset from MARKET_DATA_DIR (default ../shared/data/nse).
 * Prints one summary line. Exit codes: 0 done, 64 bad arguments, 1 failed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '@nivesh/platform';
import { z } from 'zod';
import { ConfigSchema } from '../config';
import { indexCloseName, udiffBhavcopyName } from '../nse/archive-paths';
import { loadNseDataset, NseFiles } from '../nse/standin/nse-files';

const EXIT = { failed: 1, usage: 64 } as const;
const USAGE = 'Usage: nse-files --from YYYY-MM-DD --to YYYY-MM-DD --out DIR [--synthetic N]';
const Day = z.iso.date();

class UsageError extends Error {}

const parseCommandLine = (argv: string[]): { from: string; to: string; out: string; synthetic: number } => {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' }, synthetic: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError(`The arguments were not understood: ${(error as Error).message}`);
  }
  const { from, to, out, synthetic = '0' } = values;
  if (!from || !Day.safeParse(from).success || !to || !Day.safeParse(to).success) throw new UsageError('--from and --to each take a day like 2024-03-28.');
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}.`);
  if (!out) throw new UsageError('--out takes the directory to write the files into.');
  if (!/^\d+$/.test(synthetic) || Number(synthetic) > 100_000) throw new UsageError('--synthetic takes a whole number of extra stocks, at most 100,000.');
  return { from, to, out: path.resolve(out), synthetic: Number(synthetic) };
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
  const started = Date.now();
  const files = new NseFiles(await loadNseDataset(MARKET_DATA_DIR), { synthetic: args.synthetic });
  const days = files.tradingDays(args.from, args.to);
  await mkdir(args.out, { recursive: true });
  let indexFiles = 0;
  for (const day of days) {
    await writeFile(path.join(args.out, udiffBhavcopyName(day)), files.udiffBhavcopyZip(day)!);
    const index = files.indexCloseCsv(day);
    if (index === null) continue;
    await writeFile(path.join(args.out, indexCloseName(day)), index);
    indexFiles++;
  }
  const span = days.length ? ` (${days[0]} to ${days.at(-1)})` : '';
  console.log(`nse-files: ${days.length} trading days${span}: ${days.length} bhavcopies and ${indexFiles} index close files written to ${args.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(EXIT.failed);
});
