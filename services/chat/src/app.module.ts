import { auditTrailProvider, serviceRoot } from '@nivesh/platform';
import { ChatHandler } from './chats/chat.handler';
import { ChatService } from './chats/chat.service';
import { ConversationsRepository } from './chats/conversations.repository';
import { GroundingClient } from './chats/grounding.client';
import { LlmEngine } from './chats/llm.engine';
import { RetentionProcessor } from './chats/retention.processor';
import type { Config } from './config';
import { ENTITIES } from './entities';
import { ComplianceGuard } from './guard/guard';
import { HubModule } from './hub/hub.module';
import { MIGRATIONS, SCHEMA } from './migrations';
import { NewsSummaryModule } from './news-summary/news-summary.module';

/** The chat service: Warren AI's conversations and compliance guard, the hub's answers, and AI news summaries. */
export const AppModule = serviceRoot<Config>({
  service: 'chat',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  imports: [HubModule, NewsSummaryModule],
  controllers: [ChatHandler],
  providers: [
    // Trained once at start from the labelled questions shipped with the service.
    { provide: ComplianceGuard, useFactory: () => new ComplianceGuard() },
    ConversationsRepository, GroundingClient, LlmEngine, ChatService, RetentionProcessor,
    auditTrailProvider(SCHEMA),
  ],
});
