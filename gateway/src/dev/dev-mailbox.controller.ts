import { Controller, Get, Header, Inject, Query, UseGuards } from '@nestjs/common';
import { DevMailboxQuerySchema, DevMailSchema, devMailboxKey, DomainError, type DevMailboxResponse } from '@nivesh/proto';
import type Redis from 'ioredis';
import type { Config } from '../config';
import { CONFIG, REDIS } from '../tokens';
import { LoopbackOnlyGuard } from './loopback-only.guard';

/**
 * What the development SMTP sink received, newest first, so a person running `npm start` can read their
 * one-time code. AppModule mounts this controller only when NODE_ENV is not production, and it answers only clients
 * on this machine: anyone who reads these codes can sign in as their recipient.
 */
@Controller()
@UseGuards(LoopbackOnlyGuard)
export class DevMailboxController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get('/dev/mailbox')
  @Header('cache-control', 'no-store')
  async list(@Query() query: unknown): Promise<DevMailboxResponse> {
    const parsed = DevMailboxQuerySchema.safeParse(query);
    if (!parsed.success) throw new DomainError('validation_failed', 'to: must be an e-mail address');
    const to = parsed.data.to?.toLowerCase();
    const raw = await this.redis.lrange(devMailboxKey(this.config.REDIS_PREFIX), 0, 199);
    const messages = raw
      .map((line) => DevMailSchema.safeParse(JSON.parse(line)))
      .flatMap((result) => (result.success ? [result.data] : []))
      .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to));
    return { messages };
  }
}
