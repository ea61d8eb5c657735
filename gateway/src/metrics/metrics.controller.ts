import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { CONFIG } from '../tokens';
import { metricsAccess } from './metrics-access';
import { MetricsService } from './metrics.service';

@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Prometheus text exposition format, for the monitoring system only (see `metricsAccess`). */
  @Get('/metrics')
  async metricsText(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const access = metricsAccess(request.ip, request.headers.authorization, this.config.METRICS_TOKEN);
    if (access === 'unauthorized') {
      await reply.code(401).header('www-authenticate', 'Bearer').send({ detail: 'Metrics need the monitoring token' });
      return;
    }
    if (access === 'forbidden') {
      await reply.code(403).send({ detail: 'Metrics are served to this machine only; set METRICS_TOKEN to scrape them from elsewhere' });
      return;
    }
    await reply.header('content-type', this.metrics.contentType).header('cache-control', 'no-store').send(await this.metrics.render());
  }
}
