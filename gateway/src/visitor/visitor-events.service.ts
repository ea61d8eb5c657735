import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES, referrerHostOf, type VisitorHeartbeatJob, type VisitorSessionEndJob, type VisitorSessionEndRequest, type VisitorTrackRequest } from '@nivesh/proto';
import { QueueProducer } from '@nivesh/platform';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import type { Config } from '../config';
import { CONFIG, REDIS } from '../tokens';
import { DailySalt } from './daily-salt';
import { EventBatch } from './event-batch';

type QueuedEvent = { heartbeat: VisitorHeartbeatJob } | { session_end: VisitorSessionEndJob };

/**
 * A batch job holds the events of at most this many requests, those handled in the same turn of the event loop: no
 * request waits for others, yet under load the queue sees one job for many events.
 */
const BATCH = { maxSize: 200, maxDelayMs: 0 };

/** What identifies a visitor for one day without storing who they are: the address and browser, hashed under the day's salt. */
export const visitorId = (salt: string, address: string, userAgent: string, host: string): string =>
  createHash('sha256').update(`${salt}\n${host}\n${address}\n${userAgent}`).digest('hex').slice(0, 32);

/**
 * Visitor tracking's intake: each page view, heartbeat or session end gets an event id and goes onto the
 * `visitor-heartbeats` queue, in Redis before the caller gets 202; services/tracking writes the queue in batches. The
 * events of concurrent requests share one job (a few milliseconds' worth), so the queue's own work per event stays
 * small under load. The address never leaves the gateway: the event carries the day's visitor hash instead.
 */
@Injectable()
export class VisitorEvents implements OnApplicationShutdown {
  // Made on the first event: a gateway that never sees one (or starts without Redis) holds no queue connection.
  private producer?: QueueProducer<typeof QUEUES.visitorHeartbeats>;
  private readonly salt: DailySalt;
  private readonly batch = new EventBatch<QueuedEvent>((events) => this.enqueue(events), BATCH);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(REDIS) redis: Redis,
  ) {
    this.salt = new DailySalt(redis, config.REDIS_PREFIX);
  }

  private get queue(): QueueProducer<typeof QUEUES.visitorHeartbeats> {
    this.producer ??= new QueueProducer(QUEUES.visitorHeartbeats, { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX });
    return this.producer;
  }

  /** The body comes validated: its page reduced to the app page, its referrer to a host (see VisitorTrackRequestSchema). */
  async track(input: VisitorTrackRequest, request: FastifyRequest): Promise<void> {
    const event = await this.stamp(request, input.user_agent || this.userAgentOf(request));
    // A referrer from this site is no referrer; the page address, which named the site, is no longer whole.
    const { referrer, ...rest } = input;
    const ownHost = referrerHostOf(request.hostname);
    await this.batch.add({ heartbeat: { ...rest, ...(referrer && referrer !== ownHost ? { referrer } : {}), ...event } });
  }

  async end(input: VisitorSessionEndRequest, request: FastifyRequest): Promise<void> {
    const event = await this.stamp(request, this.userAgentOf(request));
    await this.batch.add({ session_end: { ...input, ...event } });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batch.close();
    await this.producer?.close();
  }

  private async enqueue(events: QueuedEvent[]): Promise<void> {
    const heartbeats = events.flatMap((event) => ('heartbeat' in event ? [event.heartbeat] : []));
    const sessionEnds = events.flatMap((event) => ('session_end' in event ? [event.session_end] : []));
    await this.queue.add('batch', { heartbeats, session_ends: sessionEnds }, { jobId: randomUUID() });
  }

  private async stamp(request: FastifyRequest, userAgent: string) {
    const now = new Date();
    const host = request.hostname;
    return { event_id: randomUUID(), visitor_id: visitorId(await this.salt.of(now), request.ip, userAgent, host), received_at: now.toISOString() };
  }

  private userAgentOf(request: FastifyRequest): string {
    const header = request.headers['user-agent'];
    return typeof header === 'string' ? header.slice(0, 1_024) : '';
  }
}
