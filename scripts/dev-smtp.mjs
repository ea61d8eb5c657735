// Development SMTP sink: accepts every message on SMTP_PORT (default 1025) and keeps the newest 200 in
// Redis (`<prefix>:dev:mailbox`), where the gateway's GET /dev/mailbox (never in production) lists them,
// so a person can read their one-time code without a real mail server.
import Redis from 'ioredis';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PORT || 1025);
const prefix = process.env.REDIS_PREFIX || 'nivesh';
const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
const MAX_MESSAGE_BYTES = 1024 * 1024;

const log = (msg, extra = {}) => process.stdout.write(`${JSON.stringify({ level: 30, time: new Date().toISOString(), service: 'smtp', msg, ...extra })}\n`);

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  size: MAX_MESSAGE_BYTES,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', async () => {
      try {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        const message = {
          id: `${session.id}-${Date.now()}`,
          received_at: new Date().toISOString(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
        };
        await redis.multi().lpush(`${prefix}:dev:mailbox`, JSON.stringify(message)).ltrim(`${prefix}:dev:mailbox`, 0, 199).exec();
        log('mail received', { to: message.to, subject: message.subject });
        callback();
      } catch (error) {
        callback(error);
      }
    });
  },
});

server.listen(port, '127.0.0.1', () => log(`SMTP sink listening on 127.0.0.1:${port}`));
const stop = () => server.close(() => redis.quit().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
