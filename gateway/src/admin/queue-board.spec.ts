import { QUEUES, sessionKey } from '@nivesh/proto';
import { mintToken, startTestGateway, type TestGateway } from '../../test/test-app';
import { QUEUE_BOARD_COOKIE } from './queue-board';

describe('the queue board at /admin/queues (Bull Board), for admins only', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });

  afterAll(async () => {
    await gw.close();
  });

  const asUser = async (sessionId: string, isAdmin: boolean) => {
    await gw.putSession(sessionId, { user_id: `u-${sessionId}`, is_admin: isAdmin });
    return mintToken({ sub: `u-${sessionId}`, sid: sessionId });
  };
  const pass = async (token: string) => gw.fastify.inject({ method: 'POST', url: '/api/admin/queues/session', payload: {}, headers: { authorization: `Bearer ${token}` } });
  const board = (url: string, cookie?: string) => gw.fastify.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const cookieOf = (setCookie: unknown) => String(setCookie).split(';')[0]!;

  it('refuses a browser without a pass with a page that says where to open it', async () => {
    const response = await board('/admin/queues');
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('The queue board is for administrators');
    expect((await board('/admin/queues/api/queues')).statusCode).toBe(403);
  });

  it('gives passes to admins only, as an HttpOnly cookie scoped to the board', async () => {
    expect((await pass(await asUser('board-user', false))).statusCode).toBe(403);
    const response = await pass(await asUser('board-admin', true));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ url: '/admin/queues' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${QUEUE_BOARD_COOKIE}=[A-Za-z0-9_-]{32}; Path=/admin/queues; Max-Age=900; HttpOnly; SameSite=Strict`));
  });

  it('shows every queue to an admin with a pass, and stops the moment the session is no longer an admin', async () => {
    const cookie = cookieOf((await pass(await asUser('board-admin-2', true))).headers['set-cookie']);
    const page = await board('/admin/queues', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const api = await board('/admin/queues/api/queues', cookie);
    expect(api.statusCode).toBe(200);
    const names = (api.json() as { queues: Array<{ name: string }> }).queues.map((queue) => queue.name);
    expect(names.sort()).toEqual(Object.values(QUEUES).map((def) => def.name).sort());

    await gw.putSession('board-admin-2', { user_id: 'u-board-admin-2', is_admin: false });
    expect((await board('/admin/queues/api/queues', cookie)).statusCode).toBe(403);
    await gw.redis.del(sessionKey(gw.config.REDIS_PREFIX, 'board-admin-2'));
    expect((await board('/admin/queues', cookie)).statusCode).toBe(403);
    expect((await board('/admin/queues', `${QUEUE_BOARD_COOKIE}=forged`)).statusCode).toBe(403);
  });
});
