import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { EvaluationEntity } from './evaluation.entity';

/** The one reader and writer of `prediction.evaluations`. */
@Injectable()
export class EvaluationsRepository {
  constructor(@InjectRepository(EvaluationEntity) private readonly repo: Repository<EvaluationEntity>) {}

  /** The stored back-test of `symbol` at `horizon`, whichever prices it was computed on. */
  find(symbol: string, horizon: number): Promise<EvaluationEntity | null> {
    return this.repo.findOneBy({ symbol, horizon });
  }

  /** Every stored back-test at `horizon`, by symbol. */
  list(horizon: number): Promise<EvaluationEntity[]> {
    return this.repo.find({ where: { horizon }, order: { symbol: 'ASC' } });
  }

  /** Symbols with a stored back-test at any horizon. */
  async symbols(): Promise<string[]> {
    const rows: Array<{ symbol: string }> = await this.repo.createQueryBuilder('e').select('DISTINCT e.symbol', 'symbol').orderBy('symbol').getRawMany();
    return rows.map((row) => row.symbol);
  }

  /** Stores a back-test, replacing the symbol's earlier one at that horizon. */
  async save(row: EvaluationEntity): Promise<void> {
    await this.repo.upsert(row, ['symbol', 'horizon']);
  }
}
