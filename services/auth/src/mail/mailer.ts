import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@nivesh/platform';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Config } from '../config';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Sends mail over SMTP (SMTP_URL) from MAIL_FROM; the one seam around nodemailer. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(SERVICE_CONFIG) config: Config) {
    // Pooled: connections are reused across mails, so a burst of codes does not open one connection each.
    const transport: SMTPPool.Options = {
      url: config.SMTP_URL,
      pool: true,
      maxConnections: 8,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    };
    // Messages are built here from plain strings; nothing may pull in files or URLs.
    this.transport = nodemailer.createTransport(transport, { from: config.MAIL_FROM, disableFileAccess: true, disableUrlAccess: true });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(message);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
