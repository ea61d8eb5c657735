import { createHash, randomBytes } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ADMIN_QUEUES_PATH, QUEUES, SessionRecordSchema, sessionKey, type Caller } from '@nivesh/proto';
import { redisOptions } from '@nivesh/platform';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import type { Config } from '../config';
import { CONFIG, REDIS } from '../tokens';

/** The cookie that opens the board in one browser; HttpOnly, sent only to the board's own path. */
export const QUEUE_BOARD_COOKIE = 'nivesh_queue_board';
/** How long a pass lasts; the admin's session must still be an admin's on every request as well. */
export const QUEUE_BOARD_PASS_SECONDS = 15 * 60;

/** Bull Board pages carry inline style attributes; scripts stay same-origin only. */
export const QUEUE_BOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

const REFUSED_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Queues: admins only</title></head><body>' +
  '<h1>The queue board is for administrators</h1><p>Open it from the Admin page of Nivesh while logged in as an admin.</p>' +
  '<p><a href="/admin">Go to the Admin page</a></p></body></html>';

const cookieValue = (request: FastifyRequest, name: string): string | undefined => {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Every queue of proto's QUEUES on Bull Board at /admin/queues. A browser cannot send the app's bearer token on a page
 * load, so the admin page first asks for a pass (POST /api/admin/queues/session): a random token in an HttpOnly,
 * SameSite=Strict cookie scoped to the board's path, stored hashed in Redis for 15 minutes with the admin's session.
 * Each board request checks the pass and that the session is still alive and still an admin's.
 */
@Injectable()
export class QueueBoard implements OnApplicationShutdown {
  private queues: Queue[] = [];

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  private passKey(token: string): string {
    return `${this.config.REDIS_PREFIX}:queue-board:${digest(token)}`;
  }

  /** A pass for this admin's session; sets the cookie on `reply`. */
  async issuePass(caller: Caller, reply: FastifyReply): Promise<{ url: string; expires_at: string }> {
    const token = randomBytes(24).toString('base64url');
    await this.redis.set(this.passKey(token), JSON.stringify({ user_id: caller.user_id, session_id: caller.session_id }), 'EX', QUEUE_BOARD_PASS_SECONDS);
    const secure = this.config.NODE_ENV === 'production' ? '; Secure' : '';
    reply.header('set-cookie', `${QUEUE_BOARD_COOKIE}=${token}; Path=${ADMIN_QUEUES_PATH}; Max-Age=${QUEUE_BOARD_PASS_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
    return { url: ADMIN_QUEUES_PATH, expires_at: new Date(Date.now() + QUEUE_BOARD_PASS_SECONDS * 1000).toISOString() };
  }

  /** Whether a board request carries a live pass of a session that is still an admin's. */
  async admits(request: FastifyRequest): Promise<boolean> {
    const token = cookieValue(request, QUEUE_BOARD_COOKIE);
    if (!token || token.length > 64) return false;
    const pass = await this.redis.get(this.passKey(token));
    if (!pass) return false;
    const { session_id: sessionId, user_id: userId } = JSON.parse(pass) as { session_id: string; user_id: string };
    const raw = await this.redis.get(sessionKey(this.config.REDIS_PREFIX, sessionId));
    const session = raw === null ? null : SessionRecordSchema.safeParse(JSON.parse(raw));
    return Boolean(session?.success && session.data.user_id === userId && session.data.is_admin && Date.parse(session.data.expires_at) > Date.now());
  }

  /** Mounts the board under its own guard, in a scope of its own so nothing else sees the hook. */
  async register(fastify: FastifyInstance): Promise<void> {
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(ADMIN_QUEUES_PATH);
    const board = createBullBoard({ queues: [], serverAdapter, options: { uiConfig: { boardTitle: 'Nivesh queues' } } });
    await fastify.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (!(await this.admits(request).catch(() => false))) {
          await reply.code(403).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(REFUSED_PAGE);
          return reply;
        }
        // The queues are opened when an admin first looks, so a gateway nobody opens the board on holds no connections.
        if (this.queues.length === 0) {
          this.queues = Object.values(QUEUES).map((def) => this.openQueue(def.name));
          board.setQueues(this.queues.map((queue) => new BullMQAdapter(queue)));
        }
        reply.header('content-security-policy', QUEUE_BOARD_CSP).header('cache-control', 'no-store');
        return undefined;
      });
      await scope.register(serverAdapter.registerPlugin() as never, { prefix: ADMIN_QUEUES_PATH });
    });
  }

  private openQueue(name: string): Queue {
    const queue = new Queue(name, { connection: { ...redisOptions({ maxRetriesPerRequest: 1 }), url: this.config.REDIS_URL }, prefix: `${this.config.REDIS_PREFIX}:bull` });
    // A lost connection shows on the board's own pages; it must not end the process as an unhandled event.
    queue.on('error', () => undefined);
    return queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
  }
}
