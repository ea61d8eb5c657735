import { createHash } from 'node:crypto';
import { Controller, HttpCode, Inject, type OnApplicationShutdown, Post, Req } from '@nestjs/common';
import { DomainError, PAYMENT_WEBHOOK_PATH, QUEUES } from '@nivesh/proto';
import { EVENT_ID_HEADER, isValidWebhookSignature, type Logger, QueueProducer, SIGNATURE_HEADER, webhookEventId } from '@nivesh/platform';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { CONFIG, LOGGER } from '../tokens';
import { rawBodyOf } from './raw-body';

export const WEBHOOK_TEXTS = {
  notConfigured: 'Payments are not set up on this server.',
  noBody: 'The webhook has no body.',
  badSignature: 'The webhook signature is missing or does not match.',
} as const;

const singleHeader = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Razorpay's webhooks (and the payment simulator's, which are the same): the signature is checked over the
 * raw body in constant time, then the body is queued on `payment-events` exactly as it arrived and the
 * provider gets its 2xx at once. The premium service applies it from the queue, so a webhook acknowledged
 * here survives a restart of premium or of this gateway. A tampered or unsigned body is refused and logged.
 */
@Controller()
export class PaymentWebhookController implements OnApplicationShutdown {
  private readonly queue?: QueueProducer<typeof QUEUES.paymentEvents>;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (config.PAYMENT_WEBHOOK_SECRET) this.queue = new QueueProducer(QUEUES.paymentEvents, { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  @Post(PAYMENT_WEBHOOK_PATH)
  @HttpCode(200)
  async receive(@Req() request: FastifyRequest): Promise<{ status: 'accepted'; event_id: string }> {
    const secret = this.config.PAYMENT_WEBHOOK_SECRET;
    if (!secret || !this.queue) throw new DomainError('service_unavailable', WEBHOOK_TEXTS.notConfigured);
    const raw = rawBodyOf(request);
    if (!raw || raw.length === 0) throw new DomainError('bad_request', WEBHOOK_TEXTS.noBody);
    if (!isValidWebhookSignature(raw, singleHeader(request, SIGNATURE_HEADER), secret)) {
      this.logger.warn({ ip: request.ip, bytes: raw.length, event_id: singleHeader(request, EVENT_ID_HEADER) }, 'payment webhook refused: bad signature');
      throw new DomainError('unauthorized', WEBHOOK_TEXTS.badSignature);
    }
    const eventId = webhookEventId(raw, singleHeader(request, EVENT_ID_HEADER));
    // One job per event id while it is queued or recently done, so a storm of retries is mostly absorbed here;
    // the premium service's event table catches the rest.
    const jobId = `razorpay-${createHash('sha256').update(eventId).digest('hex').slice(0, 40)}`;
    await this.queue.add('razorpay-webhook', { provider: 'razorpay', event_id: eventId, raw_body: raw.toString('utf8'), received_at: new Date().toISOString() }, { jobId });
    return { status: 'accepted', event_id: eventId };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close();
  }
}
