import { ComplianceSchema, DomainError, PREMIUM, RPC, isFeaturePattern, notImplemented, patternsOf, SystemStatusResponseSchema } from '@nivesh/proto';
import { mintToken, startTestGateway, type TestGateway } from '../../test/test-app';

describe('system routes', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });

  afterAll(async () => {
    await gw.close();
  });

  beforeEach(() => {
    gw.rpc.reset();
    gw.postgres.up = true;
  });

  const get = (url: string, token?: string) =>
    gw.fastify.inject({ method: 'GET', url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

  const asAdmin = async () => {
    await gw.putSession('sid-status-admin', { user_id: 'u-admin', is_admin: true });
    return mintToken({ sub: 'u-admin', sid: 'sid-status-admin' });
  };

  describe('GET /api/system/compliance', () => {
    it('answers anyone, without asking a service: the education profile by default, a 30-day lag on forecasts, the circular', async () => {
      const response = await get('/api/system/compliance');
      expect(response.statusCode).toBe(200);
      const compliance = ComplianceSchema.parse(response.json());
      expect(compliance).toMatchObject({
        profile: 'education',
        forecast_lag_days: 30,
        descriptive_lag_days: 0,
        research_analyst: null,
        circular: { number: 'HO/47/17/12(11)2025-MRD-POD3/I/11107/2026', date: '2026-05-08', effective: '2026-07-01' },
      });
      expect(compliance.rules.join(' ')).toContain('at least 30 days old');
      expect(compliance.rules.join(' ')).toContain("SEBI's circular of 8 May 2026");
      // Every AI surface, what of it is automated and what has been measured of it.
      expect(compliance.ai.map((surface) => surface.name)).toEqual(['TrendVision', 'Warren AI', 'Intelligence Hub', 'AI News']);
      for (const surface of compliance.ai) {
        expect(surface.automated).toMatch(/automatically/);
        expect(surface.measured).toMatch(/^[A-Z].+\.$/);
      }
      expect(gw.rpc.calls).toHaveLength(0);
    });

    it("under the registered profile names the research analyst's registration and uses current prices", async () => {
      const registered = await startTestGateway({ COMPLIANCE_PROFILE: 'registered', RA_REGISTRATION_NUMBER: 'INH000012345', RA_NAME: 'Asha Rao', RA_VALID_UNTIL: '2030-03-31' });
      try {
        const compliance = ComplianceSchema.parse((await registered.fastify.inject({ method: 'GET', url: '/api/system/compliance' })).json());
        expect(compliance).toMatchObject({ profile: 'registered', forecast_lag_days: 0, research_analyst: { registration_number: 'INH000012345', name: 'Asha Rao', valid_until: '2030-03-31' } });
        expect(compliance.rules[0]).toBe('This deployment of Nivesh is run by Asha Rao, a SEBI-registered research analyst (registration INH000012345, valid until 31 Mar 2030).');
      } finally {
        await registered.close();
      }
    });
  });

  describe('GET /api/system/status', () => {
    it('is for administrators only: visitors get 401 and users 403, and no service is asked', async () => {
      expect((await get('/api/system/status')).statusCode).toBe(401);
      await gw.putSession('sid-status-user', { user_id: 'u-user', is_admin: false });
      const user = await get('/api/system/status', await mintToken({ sub: 'u-user', sid: 'sid-status-user' }));
      expect(user.statusCode).toBe(403);
      expect(user.body).not.toContain('instance');
      expect(gw.rpc.calls).toHaveLength(0);
    });

    it('says which services answer and how many of their features are not built yet', async () => {
      const features = (service: 'chat' | 'market') => patternsOf(service).filter(isFeaturePattern).map((def) => def.pattern);
      gw.rpc.on(RPC.chat.health.pattern, () => ({
        service: 'chat',
        status: 'ok',
        instance: 'chat-1',
        uptime_s: 5,
        checks: { postgres: 'ok', redis: 'ok' },
        not_built: features('chat'),
      }));
      gw.rpc.on(RPC.market.health.pattern, () => ({ service: 'market', status: 'ok', instance: 'market-1', uptime_s: 5, checks: {}, not_built: [] }));
      gw.rpc.on(RPC.auth.health.pattern, () => ({ service: 'auth', status: 'degraded', instance: 'auth-1', uptime_s: 5, checks: { postgres: 'failed' } }));
      gw.rpc.on(RPC.prediction.health.pattern, () => {
        throw new DomainError('service_unavailable', 'The prediction service is unavailable.');
      });
      gw.postgres.up = false;

      const response = await get('/api/system/status', await asAdmin());
      expect(response.statusCode).toBe(200);
      const body = SystemStatusResponseSchema.parse(response.json());
      expect(body.dependencies).toEqual({ postgres: 'failed', redis: 'ok' });
      // The compliance profile, as the public route answers it.
      expect(body.compliance).toEqual((await get('/api/system/compliance')).json());
      const byService = Object.fromEntries(body.services.map((service) => [service.service, service]));
      expect(byService.chat).toEqual({
        service: 'chat',
        name: 'Warren AI chat',
        state: 'running',
        instance: 'chat-1',
        features_total: features('chat').length,
        features_not_built: features('chat').length,
      });
      expect(byService.market).toMatchObject({ state: 'running', features_total: features('market').length, features_not_built: 0 });
      // The service did not say what it has built (an older build): unknown, not "all built".
      expect(byService.auth).toMatchObject({ name: 'Accounts and sign-in', state: 'degraded', features_not_built: null });
      expect(byService.prediction).toMatchObject({ name: 'Price forecasts', state: 'down', instance: null, features_not_built: null });
      expect(body.services.map((service) => service.service)).toEqual(['auth', 'premium', 'chat', 'prediction', 'tracking', 'market', 'portfolio', 'content']);
    });

    it('lists the payment webhooks premium set aside, and says null when premium cannot tell', async () => {
      const deadLetters = {
        total: 2,
        latest: [
          {
            event_id: 'evt_unreadable',
            event_type: 'subscription.halted',
            reason: 'unreadable' as const,
            detail: '✖ Invalid input: expected string, received number → at payload.subscription.entity.id',
            received_at: '2026-11-24T06:29:00.000Z',
            attempts: 1,
          },
          { event_id: 'evt_unknown', event_type: 'subscription.activated', reason: 'unknown_subscription' as const, detail: 'No subscription sub_X.', received_at: '2026-11-24T06:28:00.000Z', attempts: 3 },
        ],
      };
      gw.rpc.on(PREMIUM.paymentDeadLetters.pattern, () => deadLetters);
      const admin = await asAdmin();
      const body = SystemStatusResponseSchema.parse((await get('/api/system/status', admin)).json());
      expect(body.payment_dead_letters).toEqual(deadLetters);
      expect(gw.rpc.lastCall(PREMIUM.paymentDeadLetters.pattern)?.payload).toEqual({ limit: 10 });

      gw.rpc.on(PREMIUM.paymentDeadLetters.pattern, () => {
        throw new DomainError('service_unavailable', 'The premium service is unavailable.');
      });
      const unknown = SystemStatusResponseSchema.parse((await get('/api/system/status', admin)).json());
      expect(unknown.payment_dead_letters).toBeNull();
      // The rest of the status still comes.
      expect(unknown.services).toHaveLength(8);
    });
  });

  describe('a feature that is not built yet', () => {
    it.each([
      ['POST', '/predict', { ticker: 'INFY' }, RPC.prediction.predict, 'Price forecasts are not available yet.'],
      ['POST', '/chat/technical/start', { ticker: 'INFY' }, RPC.chat.technicalStart, 'Warren AI chat is not available yet.'],
      ['POST', '/api/analytics/session/start', { page_name: 'home' }, RPC.tracking.analyticsSessionStart, 'Usage analytics is not available yet.'],
    ] as const)('%s %s answers 501 with a sentence naming the feature, not the pattern', async (method, url, payload, def, detail) => {
      gw.rpc.on(def.pattern, () => {
        throw notImplemented(def.feature);
      });
      const response = await gw.fastify.inject({ method, url, payload });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toMatchObject({ detail, code: 'not_implemented' });
      expect(response.body).not.toContain(def.pattern);
    });
  });
});
