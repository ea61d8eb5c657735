import { DEV_CHECKOUT_PATH, PREMIUM } from '@nivesh/proto';
import { startTestGateway, type TestGateway } from '../../test/test-app';

describe('payment simulator checkout page', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
    gw.rpc.on(PREMIUM.checkoutPage.pattern, async () => ({ found: true, html: '<!doctype html><title>Pay ₹299</title>' }));
    gw.rpc.on(PREMIUM.checkoutPress.pattern, async () => ({ redirect_to: '/payment/success' }));
  });

  afterAll(async () => {
    await gw.close();
  });

  const page = (remoteAddress: string) => gw.fastify.inject({ method: 'GET', url: `${DEV_CHECKOUT_PATH}/sub_abc123`, remoteAddress });
  const press = (remoteAddress: string, action: 'pay' | 'fail') =>
    gw.fastify.inject({ method: 'POST', url: `${DEV_CHECKOUT_PATH}/sub_abc123/${action}`, remoteAddress });

  it('serves the page and its buttons to clients on this machine', async () => {
    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await page(loopback);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Pay ₹299');
    }
    const paid = await press('127.0.0.1', 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/payment/success');
  });

  it('answers other clients 404, without asking the premium service', async () => {
    gw.rpc.calls.length = 0;
    for (const remote of ['192.168.1.23', '::ffff:192.168.1.23', '10.0.0.5']) {
      const response = await page(remote);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found' });
      expect((await press(remote, 'pay')).statusCode).toBe(404);
      expect((await press(remote, 'fail')).statusCode).toBe(404);
    }
    expect(gw.rpc.calls.filter((call) => call.pattern.startsWith('premium.checkout'))).toEqual([]);
  });
});
