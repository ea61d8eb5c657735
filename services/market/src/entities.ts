import { PriceAnomalyEntity } from './anomalies/price-anomaly.entity';
import { DailyBarEntity } from './bars/daily-bar.entity';
import { ActionAnnouncementEntity } from './corporate-actions/action-announcement.entity';
import { CorporateActionEntity } from './corporate-actions/corporate-action.entity';
import { FilingEntity } from './fundamentals/filing.entity';
import { IngestRunEntity } from './ingest/ingest-run.entity';
import { NewsArticleEntity } from './news/news-article.entity';
import { NewsFeedEntity } from './news/news-feed.entity';
import { FormerIsinEntity } from './symbols/former-isin.entity';
import { SymbolEntity } from './symbols/symbol.entity';

/** Every TypeORM entity of the market schema. */
export const ENTITIES = [SymbolEntity, DailyBarEntity, CorporateActionEntity, PriceAnomalyEntity, FilingEntity, IngestRunEntity, FormerIsinEntity, ActionAnnouncementEntity, NewsFeedEntity, NewsArticleEntity];
