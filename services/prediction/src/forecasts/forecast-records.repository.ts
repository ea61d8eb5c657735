import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, type Repository } from 'typeorm';
import { ForecastRecordEntity } from './forecast-record.entity';
import type { ForecastScore, LiveRecordTotals, ScoredGroup } from './live-record';

/** A forecast as the `predict` answer served it. */
export type NewForecastRecord = Pick<
  ForecastRecordEntity,
  'symbol' | 'as_of' | 'model' | 'target_date' | 'step' | 'forecast' | 'lower80' | 'upper80' | 'lower95' | 'upper95' | 'last_close'
>;

/** A recorded forecast's key and its score; a null score closes a forecast whose day had no close for the symbol. */
export type ForecastOutcome = Pick<ForecastRecordEntity, 'as_of' | 'model' | 'target_date' | 'step'> & { score: ForecastScore | null };

/** The one reader and writer of `prediction.forecast_records`. */
@Injectable()
export class ForecastRecordsRepository {
  constructor(@InjectRepository(ForecastRecordEntity) private readonly repo: Repository<ForecastRecordEntity>) {}

  /** Records forecasts in one statement; one already recorded stays as it was. */
  async record(rows: readonly NewForecastRecord[]): Promise<void> {
    await this.repo.createQueryBuilder().insert().values([...rows]).orIgnore().updateEntity(false).execute();
  }

  /** The symbols with an unscored forecast for a day on or before `through`. */
  async waitingSymbols(through: string): Promise<string[]> {
    const rows: Array<{ symbol: string }> = await this.repo.query(
      'SELECT DISTINCT symbol FROM prediction.forecast_records WHERE scored_at IS NULL AND target_date <= $1 ORDER BY symbol',
      [through],
    );
    return rows.map((row) => row.symbol);
  }

  /** The unscored forecasts of `symbol` for days on or before `through`. */
  due(symbol: string, through: string): Promise<ForecastRecordEntity[]> {
    return this.repo.find({ where: { symbol, scored_at: IsNull(), target_date: LessThanOrEqual(through) } });
  }

  /** Stores the outcomes of `symbol`'s forecasts in one statement; a forecast already scored keeps its first score. */
  async saveOutcomes(symbol: string, outcomes: readonly ForecastOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const column = <T>(pick: (outcome: ForecastOutcome) => T) => outcomes.map(pick);
    await this.repo.query(
      `UPDATE prediction.forecast_records AS r
          SET actual = s.actual, inside80 = s.inside80, inside95 = s.inside95, abs_error = s.abs_error,
              naive_abs_error = s.naive_abs_error, scored_at = now()
         FROM unnest($2::date[], $3::varchar[], $4::date[], $5::smallint[], $6::float8[], $7::bool[], $8::bool[], $9::float8[], $10::float8[])
              AS s(as_of, model, target_date, step, actual, inside80, inside95, abs_error, naive_abs_error)
        WHERE r.symbol = $1 AND r.as_of = s.as_of AND r.model = s.model AND r.target_date = s.target_date AND r.step = s.step
          AND r.scored_at IS NULL`,
      [
        symbol,
        column((o) => o.as_of),
        column((o) => o.model),
        column((o) => o.target_date),
        column((o) => o.step),
        column((o) => o.score?.actual ?? null),
        column((o) => o.score?.inside80 ?? null),
        column((o) => o.score?.inside95 ?? null),
        column((o) => o.score?.abs_error ?? null),
        column((o) => o.score?.naive_abs_error ?? null),
      ],
    );
  }

  /** How many forecasts are recorded and scored, and the first close one started from. */
  async totals(): Promise<LiveRecordTotals> {
    const [row]: LiveRecordTotals[] = await this.repo.query(
      `SELECT count(*)::int AS recorded, count(actual)::int AS scored, to_char(min(as_of), 'YYYY-MM-DD') AS since FROM prediction.forecast_records`,
    );
    return row!;
  }

  /** The scored forecasts `steps` days ahead, summed per symbol and day ahead, and per day ahead over every symbol. */
  groups(steps: readonly number[]): Promise<ScoredGroup[]> {
    return this.repo.query(
      `SELECT symbol, step,
              count(*)::int AS scored,
              count(*) FILTER (WHERE inside80)::int AS inside80,
              count(*) FILTER (WHERE inside95)::int AS inside95,
              sum(abs(ln(forecast / actual)))::float8 AS log_error,
              sum(abs(ln(last_close / actual)))::float8 AS naive_log_error,
              to_char(min(target_date), 'YYYY-MM-DD') AS first,
              to_char(max(target_date), 'YYYY-MM-DD') AS last,
              count(DISTINCT target_date)::int AS days
         FROM prediction.forecast_records
        WHERE actual > 0 AND forecast > 0 AND last_close > 0 AND step = ANY($1)
        GROUP BY GROUPING SETS ((symbol, step), (step))`,
      [steps],
    );
  }
}
