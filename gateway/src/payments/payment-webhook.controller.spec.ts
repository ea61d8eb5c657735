import { PAYMENT_WEBHOOK_PATH, PREMIUM } from '@nivesh/proto';
import { SIGNATURE_HEADER, signWebhookBody } from '@nivesh/platform';
import { startTestGateway, type TestGateway } from '../../test/test-app';
import { WEBHOOK_TEXTS } from './payment-webhook.controller';

const SECRET = 'whsec-unit-test-0123456789abcdef';
const body = Buffer.from(JSON.stringify({ entity: 'event', account_id: 'acc_x', event: 'subscription.activated', contains: [], payload: {}, created_at: 1 }), 'utf8');

describe('payment webhooks at the gateway', () => {
  let gw: TestGateway;
  let unconfigured: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway({ PAYMENT_WEBHOOK_SECRET: SECRET });
    unconfigured = await startTestGateway();
  });

  afterAll(async () => {
    await gw?.close();
    await unconfigured?.close();
  });

  const post = (target: TestGateway, payload: Buffer | string, headers: Record<string, string>) =>
    target.fastify.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers: { 'content-type': 'application/json', ...headers }, payload });

  it('answers 503 with a sentence when no webhook secret is set up', async () => {
    const response = await post(unconfigured, body, { [SIGNATURE_HEADER]: signWebhookBody(body, SECRET) });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ detail: WEBHOOK_TEXTS.notConfigured });
  });

  it('signs the exact bytes: the same JSON with other whitespace is refused', async () => {
    const reformatted = JSON.stringify(JSON.parse(body.toString('utf8')), null, 2);
    const response = await post(gw, reformatted, { [SIGNATURE_HEADER]: signWebhookBody(body, SECRET) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: WEBHOOK_TEXTS.badSignature });
  });

  it('refuses the correct signature with a digit appended, or in upper case: only the exact 64 lower-case hex digits pass', async () => {
    const good = signWebhookBody(body, SECRET);
    for (const signature of [`${good}0`, `${good}00`, good.toUpperCase(), good.slice(0, 63)]) {
      const response = await post(gw, body, { [SIGNATURE_HEADER]: signature });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ detail: WEBHOOK_TEXTS.badSignature });
    }
  });

  it('refuses an empty body and malformed JSON with 400 before anything is queued', async () => {
    expect((await post(gw, '', { [SIGNATURE_HEADER]: signWebhookBody(Buffer.alloc(0), SECRET) })).statusCode).toBe(400);
    const malformed = Buffer.from('{"entity":', 'utf8');
    expect((await post(gw, malformed, { [SIGNATURE_HEADER]: signWebhookBody(malformed, SECRET) })).statusCode).toBe(400);
  });

  it('never reaches a service for a webhook: nothing is sent over RPC', async () => {
    await post(gw, body, { [SIGNATURE_HEADER]: 'deadbeef' });
    expect(gw.rpc.calls.some((call) => call.pattern.startsWith('premium.'))).toBe(false);
  });

  it('accepts a form post only on the test checkout pages; elsewhere it asks for JSON', async () => {
    const response = await gw.fastify.inject({ method: 'POST', url: '/logout', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'Send the request body as JSON.' });
    gw.rpc.on(PREMIUM.checkoutPress.pattern, () => ({ redirect_to: 'http://127.0.0.1/payment/success?subscription_id=s1' }));
    const press = await gw.fastify.inject({ method: 'POST', url: '/dev/pay/sub_ABCDEFGHIJKLMN/pay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(press.statusCode).toBe(303);
    expect(press.headers.location).toBe('http://127.0.0.1/payment/success?subscription_id=s1');
  });
});
