import { ANALYTICS_RPC, AUTH, PREDICTION, PREMIUM, sessionKey } from '@nivesh/proto';
import { mintToken, startTestGateway, TEST_JWT_SECRET, type TestGateway } from '../../test/test-app';

const base64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('authentication and roles', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });

  afterAll(async () => {
    await gw.close();
  });

  beforeEach(() => gw.rpc.reset());

  const get = (url: string, token?: string) =>
    gw.fastify.inject({ method: 'GET', url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

  const expectNotAuthenticated = (response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  };

  it('forwards the caller of a valid token with a live session', async () => {
    await gw.putSession('sid-1', { user_id: 'u-1' });
    const response = await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-1' }));
    expect(response.statusCode).toBe(200);
    expect(gw.rpc.lastCall(AUTH.me.pattern)?.payload).toEqual({ caller: { user_id: 'u-1', session_id: 'sid-1', is_admin: false, username: 'asha' } });
  });

  it('adds the caller to the route input', async () => {
    await gw.putSession('sid-prem', { user_id: 'u-9' });
    const response = await get('/api/premium/status?device_fingerprint=fp-abc&ip_address=203.0.113.5', await mintToken({ sub: 'u-9', sid: 'sid-prem' }));
    expect(response.statusCode).toBe(200);
    expect(gw.rpc.lastCall(PREMIUM.status.pattern)?.payload).toMatchObject({
      device_fingerprint: 'fp-abc',
      caller: { user_id: 'u-9', session_id: 'sid-prem', is_admin: false },
    });
  });

  it('refuses a request without a token', async () => {
    expectNotAuthenticated(await get('/me'));
    expect(gw.rpc.calls).toHaveLength(0);
  });

  it.each([
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['garbage', 'Bearer not.a.jwt'],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s', async (_what, authorization) => {
    expectNotAuthenticated(await gw.fastify.inject({ method: 'GET', url: '/me', headers: { authorization } }));
  });

  it('refuses an unsigned token (alg none)', async () => {
    await gw.putSession('sid-none', { user_id: 'u-1' });
    const now = Math.floor(Date.now() / 1000);
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'u-1', sid: 'sid-none', iss: 'nivesh', aud: 'nivesh-web', iat: now, exp: now + 3600 })}.`;
    expectNotAuthenticated(await get('/me', token));
  });

  it('refuses a token signed with another HMAC algorithm (HS512)', async () => {
    await gw.putSession('sid-512', { user_id: 'u-1' });
    expectNotAuthenticated(await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-512' }, { alg: 'HS512' })));
  });

  it('refuses an RS256 token', async () => {
    const { generateKeyPair, SignJWT } = await import('jose');
    const { privateKey } = await generateKeyPair('RS256');
    await gw.putSession('sid-rs', { user_id: 'u-1' });
    const token = await new SignJWT({ sid: 'sid-rs' })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('u-1')
      .setIssuer('nivesh')
      .setAudience('nivesh-web')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expectNotAuthenticated(await get('/me', token));
  });

  it('refuses a token signed with another secret', async () => {
    await gw.putSession('sid-key', { user_id: 'u-1' });
    expectNotAuthenticated(await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-key' }, { secret: `${TEST_JWT_SECRET}-other` })));
  });

  it('refuses a wrong issuer', async () => {
    await gw.putSession('sid-iss', { user_id: 'u-1' });
    expectNotAuthenticated(await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-iss' }, { issuer: 'someone-else' })));
  });

  it('refuses a wrong audience', async () => {
    await gw.putSession('sid-aud', { user_id: 'u-1' });
    expectNotAuthenticated(await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-aud' }, { audience: 'another-app' })));
  });

  it('refuses an expired token', async () => {
    await gw.putSession('sid-exp', { user_id: 'u-1' });
    expectNotAuthenticated(await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-exp' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 })));
  });

  it('refuses a token whose session ended (logout)', async () => {
    await gw.putSession('sid-out', { user_id: 'u-1' });
    const token = await mintToken({ sub: 'u-1', sid: 'sid-out' });
    expect((await get('/me', token)).statusCode).toBe(200);
    await gw.redis.del(sessionKey(gw.config.REDIS_PREFIX, 'sid-out'));
    expectNotAuthenticated(await get('/me', token));
  });

  it('refuses a session that belongs to another user', async () => {
    await gw.putSession('sid-other', { user_id: 'u-2' });
    expectNotAuthenticated(await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-other' })));
  });

  it('refuses a session past its end', async () => {
    await gw.putSession('sid-past', { user_id: 'u-1', expires_at: new Date(Date.now() - 1000).toISOString() });
    expectNotAuthenticated(await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-past' })));
  });

  it('refuses an unreadable session record', async () => {
    await gw.redis.set(sessionKey(gw.config.REDIS_PREFIX, 'sid-bad'), '{not json', 'EX', 60);
    expectNotAuthenticated(await get('/me', await mintToken({ sub: 'u-1', sid: 'sid-bad' })));
  });

  describe('optional auth', () => {
    it('forwards an anonymous request without a caller', async () => {
      const response = await gw.fastify.inject({ method: 'POST', url: '/predict', payload: { ticker: 'reliance' } });
      expect(response.statusCode).toBe(200);
      const payload = gw.rpc.lastCall(PREDICTION.predict.pattern)?.payload as Record<string, unknown>;
      expect(payload.ticker).toBe('RELIANCE');
      expect(payload.caller).toBeUndefined();
    });

    it('forwards the caller when a valid token is sent', async () => {
      await gw.putSession('sid-opt', { user_id: 'u-3' });
      const response = await gw.fastify.inject({
        method: 'POST',
        url: '/api/analytics/session/start',
        payload: { page_name: '/dashboard' },
        headers: { authorization: `Bearer ${await mintToken({ sub: 'u-3', sid: 'sid-opt' })}` },
      });
      expect(response.statusCode).toBe(200);
      expect(gw.rpc.lastCall(ANALYTICS_RPC.analyticsSessionStart.pattern)?.payload).toEqual({
        page_name: '/dashboard',
        caller: { user_id: 'u-3', session_id: 'sid-opt', is_admin: false, username: 'asha' },
      });
    });

    it('refuses a bad token instead of treating it as anonymous', async () => {
      const response = await gw.fastify.inject({
        method: 'POST',
        url: '/predict',
        payload: { ticker: 'TCS' },
        headers: { authorization: 'Bearer forged.token.value' },
      });
      expectNotAuthenticated(response);
    });
  });

  describe('admin routes', () => {
    it('answers 401 without a token and 403 for a non-admin', async () => {
      expectNotAuthenticated(await get('/api/analytics/dashboard/basic-stats'));
      await gw.putSession('sid-user', { user_id: 'u-4', is_admin: false });
      const response = await get('/api/analytics/dashboard/basic-stats', await mintToken({ sub: 'u-4', sid: 'sid-user' }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Admin access required', code: 'forbidden' });
      expect(gw.rpc.calls).toHaveLength(0);
    });

    it('lets an admin through, with the role read from the live session', async () => {
      await gw.putSession('sid-admin', { user_id: 'u-5', is_admin: true });
      const token = await mintToken({ sub: 'u-5', sid: 'sid-admin' });
      const response = await get('/api/analytics/dashboard/overview?days=30', token);
      expect(response.statusCode).toBe(200);
      expect(gw.rpc.lastCall(ANALYTICS_RPC.analyticsOverview.pattern)?.payload).toEqual({
        days: 30,
        caller: { user_id: 'u-5', session_id: 'sid-admin', is_admin: true, username: 'asha' },
      });
      // The role is revoked in Redis: the same token stops opening admin routes at once.
      await gw.putSession('sid-admin', { user_id: 'u-5', is_admin: false });
      expect((await get('/api/analytics/dashboard/overview', token)).statusCode).toBe(403);
    });

    it('validates an admin query after authorising', async () => {
      await gw.putSession('sid-admin2', { user_id: 'u-6', is_admin: true });
      const response = await get('/api/analytics/dashboard/overview?days=0', await mintToken({ sub: 'u-6', sid: 'sid-admin2' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^days: /);
    });
  });
});
