import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NEWS } from '@nivesh/proto';
import type { z } from 'zod';
import { NewsService } from './news.service';

/** GET /api/news: generated events and press, filtered and paged, each with its tone and price reaction. */
@Controller()
export class NewsHandler {
  constructor(private readonly news: NewsService) {}

  @MessagePattern(NEWS.news.pattern)
  list(@Payload() payload: z.output<typeof NEWS.news.payload>) {
    return this.news.news(payload);
  }
}
