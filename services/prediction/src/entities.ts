import { BacktestOriginEntity } from './forecasts/backtest-origin.entity';
import { EvaluationEntity } from './forecasts/evaluation.entity';
import { ForecastRecordEntity } from './forecasts/forecast-record.entity';

/** Every TypeORM entity of the prediction schema. */
export const ENTITIES = [EvaluationEntity, ForecastRecordEntity, BacktestOriginEntity];
