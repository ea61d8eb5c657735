import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { FITTED_MODELS, type ModelName, type OriginUpdate, type StoredOrigin } from '../models';
import { BacktestOriginEntity } from './backtest-origin.entity';

const BYTES = Float64Array.BYTES_PER_ELEMENT;

/** The fitted models' forecasts in one buffer, model after model. */
const encode = (points: StoredOrigin['points'], horizon: number): Buffer => {
  const buffer = Buffer.alloc(FITTED_MODELS.length * horizon * BYTES);
  FITTED_MODELS.forEach((model, m) => points[model]!.forEach((value, k) => buffer.writeDoubleLE(value, (m * horizon + k) * BYTES)));
  return buffer;
};

const decode = (buffer: Buffer, horizon: number): StoredOrigin['points'] =>
  Object.fromEntries(FITTED_MODELS.map((model, m) => [model, Float64Array.from({ length: horizon }, (_, k) => buffer.readDoubleLE((m * horizon + k) * BYTES))]));

/** The one reader and writer of `prediction.backtest_origins`. */
@Injectable()
export class BacktestOriginsRepository {
  constructor(@InjectRepository(BacktestOriginEntity) private readonly repo: Repository<BacktestOriginEntity>) {}

  /** Every stored origin of `symbol`'s back-test at `horizon`, whichever closes it was computed on. */
  async list(symbol: string, horizon: number): Promise<StoredOrigin[]> {
    const rows = await this.repo.find({ where: { symbol, horizon }, order: { origin: 'ASC' } });
    return rows.map((row) => ({ origin: row.origin, fingerprint: row.fingerprint, points: decode(row.points, horizon), fellBack: row.fell_back as ModelName[] }));
  }

  /** Stores the origins a back-test computed and drops those it no longer reads, in one transaction. */
  async update(symbol: string, horizon: number, { computed, reused }: OriginUpdate): Promise<void> {
    const rows: BacktestOriginEntity[] = computed.map(({ origin, fingerprint, points, fellBack }) => ({
      symbol,
      horizon,
      origin,
      fingerprint,
      points: encode(points, horizon),
      fell_back: [...fellBack],
    }));
    await this.repo.manager.transaction(async (manager) => {
      await manager.query('DELETE FROM prediction.backtest_origins WHERE symbol = $1 AND horizon = $2 AND NOT (origin = ANY($3::date[]))', [
        symbol,
        horizon,
        [...reused, ...computed.map(({ origin }) => origin)],
      ]);
      if (rows.length > 0) await manager.upsert(BacktestOriginEntity, rows, ['symbol', 'horizon', 'origin']);
    });
  }
}
