import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MetricsService } from './metrics.service';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Prometheus text exposition format. */
  @Get('/metrics')
  async metricsText(@Res() reply: FastifyReply): Promise<void> {
    await reply.header('content-type', this.metrics.contentType).header('cache-control', 'no-store').send(await this.metrics.render());
  }
}
