import { Inject, Injectable } from '@nestjs/common';
import { type AlertEmailJob, QUEUES, type OtpEmailJob } from '@nivesh/proto';
import { type JobHandlers, type Logger, QUICK_JOB_LOCK, QueueProcessor, SERVICE_CONFIG } from '@nivesh/platform';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Config } from '../config';
import { OtpCrypto } from '../common/otp-crypto';
import { LOGGER } from '../tokens';
import { UsersRepository } from '../users/users.repository';
import { composeAlertMail } from './alert-mail';
import { Mailer } from './mailer';
import { composeOtpMail } from './otp-mail';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The mail worker of the `otp-email` queue, run inside the auth process: opens the sealed code and sends
 * the mail; and mails the price alerts the portfolio service queues there by account id. A failed send throws, so
 * BullMQ retries it with the queue's attempts and backoff.
 */
@Injectable()
export class OtpMailProcessor extends QueueProcessor<typeof QUEUES.otpEmail> {
  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly crypto: OtpCrypto,
    private readonly mailer: Mailer,
    private readonly users: UsersRepository,
  ) {
    // Someone waits for the code: a job of a killed worker is taken back within seconds. Failure lines name only the
    // job, its attempt and the SMTP error: never the payload.
    super({ queue: QUEUES.otpEmail, config, concurrency: 16, lock: QUICK_JOB_LOCK, words: 'otp mail' });
  }

  protected handlers(): JobHandlers<typeof QUEUES.otpEmail> {
    return { 'send-otp': (data, job) => this.sendOtp(data, job), 'send-alerts': (data, job) => this.sendAlerts(data, job) };
  }

  async sendOtp(data: OtpEmailJob, job?: Pick<Job, 'id'>): Promise<void> {
    let code: string;
    try {
      code = this.crypto.unseal(data.sealed_code);
    } catch {
      // Sealed under another OTP_SECRET or altered: retrying cannot help.
      throw new UnrecoverableError('sealed code cannot be opened');
    }
    await this.mailer.send(composeOtpMail({ to: data.email, username: data.username, purpose: data.purpose, code }));
    this.log.info({ job_id: job?.id, purpose: data.purpose }, 'otp mail sent');
  }

  /**
   * Mails the alerts that fired for one account to its address, which only auth holds. An account that no longer
   * exists, or is disabled, gets nothing (the job is done, not retried).
   */
  async sendAlerts(data: AlertEmailJob, job?: Pick<Job, 'id'>): Promise<void> {
    const user = UUID.test(data.user_id) ? await this.users.findById(data.user_id) : null;
    if (!user || user.disabledAt) {
      this.log.info({ job_id: job?.id }, 'alert mail skipped: no such active account');
      return;
    }
    await this.mailer.send(composeAlertMail({ to: user.email, username: user.username, alerts: data.alerts }));
    this.log.info({ job_id: job?.id, alerts: data.alerts.length }, 'alert mail sent');
  }
}
