import { FeedHttpRepository } from './feed-http.repository';
import { NewsFeedsProcessor } from './news-feeds.processor';
import { NewsSummariesClient } from './news-summaries.client';
import { NewsHandler } from './news.handler';
import { NewsRepository } from './news.repository';
import { NewsService } from './news.service';
import { PressService } from './press.service';

/** AI News's RPC handler and providers, registered by AppModule (its tables are in ../entities.ts). */
export const NEWS_CONTROLLERS = [NewsHandler];
export const NEWS_PROVIDERS = [NewsRepository, FeedHttpRepository, NewsSummariesClient, PressService, NewsService, NewsFeedsProcessor];
