import { Module } from '@nestjs/common';
import { NewsSummaryHandler } from './news-summary.handler';
import { NewsSummaryLlm } from './news-summary.llm';
import { NewsSummaryService } from './news-summary.service';

/** AI News summaries, beside Warren AI in the chat service: its language model settings and its output rail. */
@Module({
  controllers: [NewsSummaryHandler],
  providers: [NewsSummaryLlm, NewsSummaryService],
})
export class NewsSummaryModule {}
