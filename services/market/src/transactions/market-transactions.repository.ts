import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActionAnnouncementEntity } from '../corporate-actions/action-announcement.entity';
import { ActionAnnouncementsRepository } from '../corporate-actions/action-announcements.repository';
import { CorporateActionEntity } from '../corporate-actions/corporate-action.entity';
import { CorporateActionsRepository } from '../corporate-actions/corporate-actions.repository';
import { DailyBarEntity } from '../bars/daily-bar.entity';
import { DailyBarsRepository } from '../bars/daily-bars.repository';
import { FilingEntity } from '../fundamentals/filing.entity';
import { FilingsRepository } from '../fundamentals/filings.repository';
import { PriceAnomaliesRepository } from '../anomalies/price-anomalies.repository';
import { PriceAnomalyEntity } from '../anomalies/price-anomaly.entity';
import { SymbolEntity } from '../symbols/symbol.entity';
import { SymbolsRepository } from '../symbols/symbols.repository';

/** The repositories of the market tables, all on one connection (a transaction's, or the pool's). */
export type MarketTables = {
  /** The transaction's connection, for the tables of other modules (the daily pipeline's runs). */
  manager: EntityManager;
  symbols: SymbolsRepository;
  bars: DailyBarsRepository;
  actions: CorporateActionsRepository;
  anomalies: PriceAnomaliesRepository;
  filings: FilingsRepository;
  announcements: ActionAnnouncementsRepository;
};

export const marketTables = (manager: EntityManager): MarketTables => ({
  manager,
  symbols: new SymbolsRepository(manager.getRepository(SymbolEntity)),
  bars: new DailyBarsRepository(manager.getRepository(DailyBarEntity)),
  actions: new CorporateActionsRepository(manager.getRepository(CorporateActionEntity)),
  anomalies: new PriceAnomaliesRepository(manager.getRepository(PriceAnomalyEntity)),
  filings: new FilingsRepository(manager.getRepository(FilingEntity)),
  announcements: new ActionAnnouncementsRepository(manager.getRepository(ActionAnnouncementEntity)),
});

/** Writes that span the market tables, done all or nothing. */
@Injectable()
export class MarketTransactions {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in one transaction over the market tables. With `lockImports`, it first waits until no other
   * transaction that asked for it (in any process: market instances, job workers, the import CLI) is running, so
   * two imports or reviews never interleave their reads and writes.
   */
  run<T>(work: (tables: MarketTables) => Promise<T>, { lockImports = false }: { lockImports?: boolean } = {}): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      if (lockImports) await manager.query(`SELECT pg_advisory_xact_lock(hashtext('nivesh:market-import'))`);
      return work(marketTables(manager));
    });
  }
}
