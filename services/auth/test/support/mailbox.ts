import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string };

/** An SMTP server on a free port that keeps what it receives; it can refuse the next N deliveries. */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  /** Deliveries refused so far. */
  refused = 0;
  /** How many of the next deliveries to refuse with a temporary error. */
  refuseNext = 0;
  private readonly server: SMTPServer;
  port = 0;

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refuseNext > 0) {
            this.refuseNext -= 1;
            this.refused += 1;
            callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
            return;
          }
          PostalMime.parse(Buffer.concat(chunks)).then(
            (parsed) => {
              this.messages.push({
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                from: parsed.from?.address ?? '',
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: parsed.html ?? '',
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
  }

  static async start(): Promise<Mailbox> {
    const mailbox = new Mailbox();
    await new Promise<void>((resolve) => mailbox.server.listen(0, '127.0.0.1', resolve));
    mailbox.port = (mailbox.server.server.address() as { port: number }).port;
    return mailbox;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** A position to read mail after: pass it to next() or codeFor(). */
  mark(): number {
    return this.messages.length;
  }

  /** The first mail to `to` received at or after `mark`, waiting for it. */
  async next(to: string, mark: number, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(mark).find((mail) => mail.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The code of the first mail to `to` after `mark`. */
  async codeFor(to: string, mark: number, timeoutMs?: number): Promise<string> {
    const mail = await this.next(to, mark, timeoutMs);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`mail to ${to} carries no code`);
    return code;
  }

  /** Mails to `to` after `mark`, without waiting. */
  to(to: string, mark = 0): ReceivedMail[] {
    return this.messages.slice(mark).filter((mail) => mail.to.includes(to));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
