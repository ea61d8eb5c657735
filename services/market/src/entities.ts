import { FormerIsinEntity, IngestRunEntity } from './ingest/ingest-run.entity';
import { ActionAnnouncementEntity } from './store/action-announcement.entity';
import { CorporateActionEntity } from './store/corporate-action.entity';
import { DailyBarEntity } from './store/daily-bar.entity';
import { FilingEntity } from './store/filing.entity';
import { PriceAnomalyEntity } from './store/price-anomaly.entity';
import { SymbolEntity } from './store/symbol.entity';

/** Every TypeORM entity of the market schema. */
export const ENTITIES = [SymbolEntity, DailyBarEntity, CorporateActionEntity, PriceAnomalyEntity, FilingEntity, IngestRunEntity, FormerIsinEntity, ActionAnnouncementEntity];
