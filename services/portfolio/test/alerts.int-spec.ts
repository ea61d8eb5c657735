import path from 'node:path';
import { ALERTS_FREE_MAX, PORTFOLIO, type RpcDefinition } from '@nivesh/proto';
import { parseConfig, startService } from '@nivesh/platform';
import type { z } from 'zod';
import { type AuthHarness, newAccount, startAuth } from '../../auth/test/support/harness';
import { BhavcopyImporter } from '../../market/src/import/bhavcopy-importer';
import { BHAVCOPY_DIR, keepDatasetEnd, type MarketHarness, startMarket } from '../../market/test/support';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';
import { AlertsEvaluator } from '../src/alerts/alerts.evaluator';

/** The legacy bhavcopy of 1 April 2024 and that day's index closes: RELIANCE closes at ₹2,985.15, up from ₹2,971.70. */
const APRIL_1 = ['cm01APR2024bhav.csv', 'ind_close_all_01042024.csv'].map((file) => path.join(BHAVCOPY_DIR, file));
const TOUCHED = ['RELIANCE', 'TCS', 'INFY', 'M&M', 'NIFTY 50'];

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('price alerts', () => {
  let market: MarketHarness;
  let auth: AuthHarness;
  let portfolio: Awaited<ReturnType<typeof startService>>['app'];
  let restoreDataset: () => Promise<void>;
  const call = <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>) => market.call(def, payload);

  beforeAll(async () => {
    market = await startMarket();
    restoreDataset = await keepDatasetEnd(market.pg, TOUCHED);
    // Auth's mail worker sends the alert e-mails: it works the same queues as the market and portfolio services.
    auth = await startAuth('alerts', { REDIS_PREFIX: market.config.REDIS_PREFIX });
    const config = parseConfig(ConfigSchema, { DATABASE_URL: market.config.DATABASE_URL, REDIS_URL: market.config.REDIS_URL, REDIS_PREFIX: market.config.REDIS_PREFIX, LOG_LEVEL: 'error' });
    ({ app: portfolio } = await startService({ service: 'portfolio', module: AppModule.register(config), config, handleSignals: false }));
  });

  afterAll(async () => {
    await restoreDataset();
    await portfolio.close();
    await auth.stop();
    await market.close();
  });

  const newUser = async () => {
    const account = newAccount('alerts');
    const id = await auth.seedUser(account);
    return { account, caller: { user_id: id, session_id: 's-1', is_admin: false } };
  };

  it('fires after the import that crosses the level, once, in the notifications list and by e-mail to the account', async () => {
    const { account, caller } = await newUser();
    const created = await call(PORTFOLIO.createAlert, { caller, symbol: 'RELIANCE', rule: { kind: 'price_above', params: { level: 2980 } } });
    await call(PORTFOLIO.createAlert, { caller, symbol: 'RELIANCE', rule: { kind: 'price_below', params: { level: 2900 } }, email: false });
    expect(created.alerts).toEqual([
      expect.objectContaining({
        symbol: 'RELIANCE',
        company: 'Reliance Industries Ltd.',
        description: 'RELIANCE closes at or above ₹2,980',
        email: true,
        checked_through: '2024-03-28',
        last_fired: null,
        status: 'active',
      }),
    ]);
    expect(created).toMatchObject({ limit: ALERTS_FREE_MAX, is_premium: false });
    expect((await call(PORTFOLIO.notifications, { caller })).notifications).toEqual([]);

    const mark = auth.mailbox.mark();
    await market.app.get(BhavcopyImporter).importFiles(APRIL_1);
    // The import queues the evaluation; the portfolio service's worker runs it.
    const { unread } = await waitFor(() => call(PORTFOLIO.unreadNotifications, { caller }), (value) => value.unread > 0);
    expect(unread).toBe(1);
    const { notifications } = await call(PORTFOLIO.notifications, { caller });
    expect(notifications).toEqual([
      expect.objectContaining({
        symbol: 'RELIANCE',
        kind: 'price_above',
        date: '2024-04-01',
        message: 'RELIANCE closed at ₹2,985.15 on 1 Apr 2024, above your alert level of ₹2,980',
        read: false,
      }),
    ]);
    const mail = await auth.mailbox.next(account.email, mark);
    expect(mail.subject).toBe('Nivesh alert: RELIANCE');
    expect(mail.text).toContain('RELIANCE closed at ₹2,985.15 on 1 Apr 2024, above your alert level of ₹2,980.');

    const alerts = (await call(PORTFOLIO.alerts, { caller })).alerts;
    expect(alerts.map((alert) => [alert.description, alert.checked_through, alert.last_fired])).toEqual([
      ['RELIANCE closes at or above ₹2,980', '2024-04-01', '2024-04-01'],
      ['RELIANCE closes at or below ₹2,900', '2024-04-01', null],
    ]);

    // The same data evaluated again (a retried job, the scheduled safety net) fires nothing and mails nothing.
    const again = await portfolio.get(AlertsEvaluator).evaluate();
    expect(again).toMatchObject({ fired: 0, stored: 0, mails: 0 });
    expect((await call(PORTFOLIO.notifications, { caller })).notifications).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(auth.mailbox.to(account.email, mark)).toHaveLength(1);

    const read = await call(PORTFOLIO.markNotificationsRead, { caller });
    expect(read).toMatchObject({ unread: 0, notifications: [expect.objectContaining({ read: true })] });
  });

  it('keeps a free account to its limit, refuses stocks without prices, and deletes an alert', async () => {
    const { caller } = await newUser();
    for (let i = 1; i <= ALERTS_FREE_MAX; i++) await call(PORTFOLIO.createAlert, { caller, symbol: 'TCS', rule: { kind: 'price_above', params: { level: 4000 + i } } });
    await expect(call(PORTFOLIO.createAlert, { caller, symbol: 'TCS', rule: { kind: 'high_52w', params: {} } })).rejects.toMatchObject({
      code: 'conflict',
      message: `You have ${ALERTS_FREE_MAX} alerts, the most a free account can keep. Delete one to add another, or upgrade to Premium for up to 50.`,
    });
    await expect(call(PORTFOLIO.createAlert, { caller, symbol: 'NOSUCH', rule: { kind: 'low_52w', params: {} } })).rejects.toMatchObject({ code: 'not_found' });
    const { alerts } = await call(PORTFOLIO.alerts, { caller });
    expect(alerts).toHaveLength(ALERTS_FREE_MAX);
    expect((await call(PORTFOLIO.deleteAlert, { caller, id: alerts[0]!.id })).alerts).toHaveLength(ALERTS_FREE_MAX - 1);
    await expect(call(PORTFOLIO.deleteAlert, { caller, id: alerts[0]!.id })).rejects.toMatchObject({ code: 'not_found' });
    // Another user's alert is not theirs to delete.
    const other = await newUser();
    await expect(call(PORTFOLIO.deleteAlert, { caller: other.caller, id: alerts[1]!.id })).rejects.toMatchObject({ code: 'not_found' });
    expect((await call(PORTFOLIO.createAlert, { caller, symbol: 'TCS', rule: { kind: 'high_52w', params: {} } })).alerts).toHaveLength(ALERTS_FREE_MAX);
  });
});
