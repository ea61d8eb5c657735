/**
 * Imports market data into the market schema:
 *
 *   node services/market/dist/cli/import.js csv <dir>
 *
 * <dir> holds symbols.csv and one <FILE>.csv per symbol (the shared dataset's format). Reads
 * DATABASE_URL. Exit codes: 0 done, 64 bad arguments, 65 malformed data (nothing kept), 1 failed.
 */
import 'reflect-metadata';
import path from 'node:path';
import { BaseConfigSchema, loadConfigOrExit, serviceDataSourceOptions } from '@nivesh/proto/node';
import { DataSource } from 'typeorm';
import { CsvFormatError } from '../data/csv';
import { CsvImporter } from '../import/csv-importer';
import { MIGRATIONS, SCHEMA } from '../migrations';

const USAGE = 'Usage: import csv <dir>';

const main = async (): Promise<void> => {
  const [source, dir, ...rest] = process.argv.slice(2);
  if (source !== 'csv' || !dir || rest.length) {
    console.error(USAGE);
    process.exit(64);
  }
  const config = loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
  const dataSource = new DataSource(serviceDataSourceOptions({ databaseUrl: config.DATABASE_URL, schema: SCHEMA, migrations: MIGRATIONS }));
  await dataSource.initialize();
  try {
    const result = await new CsvImporter(dataSource).importDirectory(path.resolve(dir));
    console.log(
      `market import: ${result.symbols} symbols, ${result.rows_read} rows read, ${result.new_bars} new bars, ` +
        `${result.new_actions} new corporate actions (${result.detected_actions} detected beyond the dataset list) in ${(result.ms / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    if (error instanceof CsvFormatError) {
      console.error(`market import rejected, nothing kept: ${error.message}`);
      process.exitCode = 65;
      return;
    }
    throw error;
  } finally {
    await dataSource.destroy();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
