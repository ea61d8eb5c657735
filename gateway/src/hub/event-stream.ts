import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * One server-sent event: `event: <name>` and its JSON on one `data:` line (JSON.stringify never writes a raw line
 * break), ended by a blank line.
 */
export const sseEvent = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A comment line: ignored by readers, it opens the stream at once so the browser knows the run has begun. */
export const sseComment = (text: string): string => `: ${text}\n\n`;

/**
 * The headers of an event stream. @fastify/compress leaves text/event-stream alone (its default types exclude it), so
 * each event leaves when written; no-transform and X-Accel-Buffering keep proxies from compressing or holding it back.
 */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/**
 * An event stream sent as a reply's body. It notices the client leaving (the response closes before the stream ends),
 * after which writes are dropped and `open` is false, so the sender can stop asking for more.
 */
export class EventStream {
  private readonly body = new PassThrough();
  private gone = false;

  constructor(reply: FastifyReply) {
    const raw: ServerResponse = reply.raw;
    raw.on('close', () => {
      if (!raw.writableFinished) this.gone = true;
    });
    reply.headers(SSE_HEADERS);
    void reply.send(this.body);
  }

  /** Whether the client is still there to read. */
  get open(): boolean {
    return !this.gone && !this.body.destroyed && !this.body.writableEnded;
  }

  comment(text: string): void {
    if (this.open) this.body.write(sseComment(text));
  }

  send(name: string, data: unknown): void {
    if (this.open) this.body.write(sseEvent(name, data));
  }

  end(): void {
    if (!this.body.writableEnded) this.body.end();
  }
}
