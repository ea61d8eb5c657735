import { FeedHttpRepository } from './feed-http.repository';
import { NewsArticleEntity } from './news-article.entity';
import { NewsFeedEntity } from './news-feed.entity';
import { NewsFeedsProcessor } from './news-feeds.processor';
import { NewsSummariesClient } from './news-summaries.client';
import { NewsHandler } from './news.handler';
import { NewsRepository } from './news.repository';
import { NewsService } from './news.service';
import { PressService } from './press.service';

/** AI News's tables, RPC handler and providers, registered by AppModule. */
export const NEWS_ENTITIES = [NewsFeedEntity, NewsArticleEntity];
export const NEWS_CONTROLLERS = [NewsHandler];
export const NEWS_PROVIDERS = [NewsRepository, FeedHttpRepository, NewsSummariesClient, PressService, NewsService, NewsFeedsProcessor];
