import { DEVICE_FINGERPRINT_HEADER, PREMIUM_TOOLS, RPC, type ToolAccessPayload } from '@nivesh/proto';
import { mintToken, startTestGateway, type TestGateway } from '../../test/test-app';

describe('the premium tool gate (proto PREMIUM_TOOLS) on POST /predict', () => {
  let gw: TestGateway;
  let token: string;
  const tool = PREMIUM_TOOLS.trendvisionLongHorizon;

  beforeAll(async () => {
    gw = await startTestGateway();
    await gw.putSession('sid-gate', { user_id: 'u-gate', is_admin: false });
    token = await mintToken({ sub: 'u-gate', sid: 'sid-gate' });
  });

  afterAll(async () => {
    await gw.close();
  });

  beforeEach(() => {
    gw.rpc.reset();
  });

  const predict = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    gw.fastify.inject({ method: 'POST', url: '/predict', payload: body, headers });
  const signedIn = (fingerprint?: string) => ({
    authorization: `Bearer ${token}`,
    ...(fingerprint === undefined ? {} : { [DEVICE_FINGERPRINT_HEADER]: fingerprint }),
  });

  it('lets the free horizon through for everyone without asking premium', async () => {
    const response = await predict({ ticker: 'infy' });
    expect(response.statusCode).toBe(200);
    expect(gw.rpc.calls.map((call) => call.pattern)).toEqual([RPC.prediction.predict.pattern]);
    expect(gw.rpc.lastCall(RPC.prediction.predict.pattern)?.payload).toMatchObject({ ticker: 'INFY', horizon_days: 10 });
  });

  it('answers a visitor asking for 30 days with 401 and a sentence naming the tool, and forwards nothing', async () => {
    const response = await predict({ ticker: 'INFY', horizon_days: 30 });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe(`${tool.name} are part of Nivesh Premium. Please log in with a premium account to use them.`);
    expect(gw.rpc.calls).toHaveLength(0);
  });

  it("asks premium with the caller and this device's fingerprint, and answers 403 with premium's reason", async () => {
    gw.rpc.on(RPC.premium.toolAccess.pattern, () => ({ allowed: false, reason: 'Premium is needed for this.' }));
    const response = await predict({ ticker: 'INFY', horizon_days: 30 }, signedIn('device-a'));
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Premium is needed for this.');
    const asked = gw.rpc.lastCall(RPC.premium.toolAccess.pattern)?.payload as ToolAccessPayload;
    expect(asked).toMatchObject({ tool: 'trendvisionLongHorizon', device_fingerprint: 'device-a', caller: { user_id: 'u-gate' } });
    expect(gw.rpc.lastCall(RPC.prediction.predict.pattern)).toBeUndefined();
  });

  it('forwards the request once premium allows it on this device', async () => {
    gw.rpc.on(RPC.premium.toolAccess.pattern, () => ({ allowed: true, reason: null }));
    const response = await predict({ ticker: 'INFY', horizon_days: 30 }, signedIn('device-a'));
    expect(response.statusCode).toBe(200);
    expect(gw.rpc.lastCall(RPC.prediction.predict.pattern)?.payload).toMatchObject({ ticker: 'INFY', horizon_days: 30, caller: { user_id: 'u-gate' } });
  });

  it('sends no fingerprint when the header is empty or too long, so premium can say the device is unknown', async () => {
    gw.rpc.on(RPC.premium.toolAccess.pattern, () => ({ allowed: false, reason: 'Unknown device.' }));
    for (const fingerprint of ['', 'x'.repeat(9_000)]) {
      const response = await predict({ ticker: 'INFY', horizon_days: 30 }, signedIn(fingerprint));
      expect(response.statusCode).toBe(403);
      expect((gw.rpc.lastCall(RPC.premium.toolAccess.pattern)?.payload as ToolAccessPayload).device_fingerprint).toBeUndefined();
    }
  });

  it('refuses a horizon beyond 30 days as bad input before any gate', async () => {
    const response = await predict({ ticker: 'INFY', horizon_days: 31 }, signedIn('device-a'));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('30 trading days');
    expect(gw.rpc.calls).toHaveLength(0);
  });
});
