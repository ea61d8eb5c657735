import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CHAT, type NewsSummaryRequest } from '@nivesh/proto';
import { NewsSummaryService } from './news-summary.service';

/** AI News's one-line summaries of press items, asked by the market service after it stores new articles. */
@Controller()
export class NewsSummaryHandler {
  constructor(private readonly summaries: NewsSummaryService) {}

  @MessagePattern(CHAT.summariseNews.pattern)
  summarise(@Payload() payload: NewsSummaryRequest) {
    return this.summaries.summarise(payload.items);
  }
}
