import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { QUEUES, type OtpEmailJob } from '@nivesh/proto';
import { QueueProducer, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';

/** Puts OTP mails on the `otp-email` queue. Jobs carry only the sealed code and are removed once sent. */
@Injectable()
export class OtpMailQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly producer: QueueProducer<typeof QUEUES.otpEmail>;

  constructor(@Inject(SERVICE_CONFIG) config: Config) {
    this.producer = new QueueProducer(QUEUES.otpEmail, { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  async onModuleInit(): Promise<void> {
    // The producer's connection refuses commands until it is ready; wait so the first mail does not fail.
    await this.producer.raw.waitUntilReady();
  }

  async enqueue(job: OtpEmailJob): Promise<void> {
    await this.producer.add('send-otp', job, { removeOnComplete: true });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.producer.close();
  }
}
