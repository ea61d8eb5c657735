import { Controller, Get, Header, Res } from '@nestjs/common';
import type { LivenessResponse } from '@nivesh/proto';
import type { FastifyReply } from 'fastify';
import { ReadinessService } from './readiness.service';

/** Probes for orchestrators: not rate limited, never cached. */
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness: the process is up and its event loop turns. */
  @Get('/healthz')
  @Header('cache-control', 'no-store')
  healthz(): LivenessResponse {
    return { status: 'ok', uptime_s: Math.round(process.uptime()) };
  }

  /** Readiness: 200 when every dependency answers, else 503 with the failing checks named. */
  @Get('/readyz')
  async readyz(@Res() reply: FastifyReply): Promise<void> {
    const result = await this.readiness.check();
    const ready = result.status === 'ready';
    await reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ready ? result : { ...result, detail: 'Not ready' });
  }
}
