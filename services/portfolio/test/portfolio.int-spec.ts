import { randomBytes } from 'node:crypto';
import { MARKET, PORTFOLIO, type RpcDefinition } from '@nivesh/proto';
import { parseConfig, startService } from '@nivesh/platform';
import type { z } from 'zod';
import { type MarketHarness, startMarket } from '../../market/test/support';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';
import { OPTIMISATION_ASSUMPTIONS } from '../src/ledger/optimise';

const HEADER = 'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';
const row = (symbol: string, date: string, side: 'buy' | 'sell', quantity: number, price: number, tradeId: string) =>
  `${symbol},,${date},NSE,EQ,EQ,${side},false,${quantity}.000000,${price.toFixed(6)},${tradeId},1300000000000001,${date}T10:00:00,`;

/**
 * A Zerodha Console tradebook of real NSE closes: INFY bought in two fills and partly sold, TCS, and NESTLEIND bought
 * before its 10-for-1 split of 5 January 2024, and one F&O row that is skipped.
 */
const TRADEBOOK = [
  HEADER,
  row('INFY', '2023-06-01', 'buy', 10, 1300, '70000001'),
  row('INFY', '2023-06-01', 'buy', 5, 1302, '70000002'),
  row('TCS', '2023-06-02', 'buy', 4, 3250, '70000003'),
  row('NESTLEIND', '2023-12-01', 'buy', 2, 24000, '70000004'),
  'NIFTY24MARFUT,,2024-03-18,NFO,FO,,buy,false,50.000000,22050.000000,70000005,1300000000000002,2024-03-18T10:06:00,2024-03-28',
  row('INFY', '2024-02-01', 'sell', 6, 1650, '70000006'),
].join('\n');

describe('the portfolio', () => {
  let market: MarketHarness;
  let portfolio: Awaited<ReturnType<typeof startService>>['app'];
  const user = () => ({ user_id: `u-${randomBytes(4).toString('hex')}`, session_id: 's-1', is_admin: false });
  const call = <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>) => market.call(def, payload);

  beforeAll(async () => {
    market = await startMarket();
    const config = parseConfig(ConfigSchema, { DATABASE_URL: market.config.DATABASE_URL, REDIS_URL: market.config.REDIS_URL, REDIS_PREFIX: market.config.REDIS_PREFIX, LOG_LEVEL: 'error' });
    ({ app: portfolio } = await startService({ service: 'portfolio', module: AppModule.register(config), config, handleSignals: false }));
  });

  afterAll(async () => {
    await portfolio.close();
    await market.close();
  });

  it('imports a trade book, values the holdings at the latest close through a split, and imports nothing twice', async () => {
    const caller = user();
    const imported = await call(PORTFOLIO.importTradebook, { caller, csv: TRADEBOOK });
    expect(imported).toMatchObject({ broker: 'zerodha', trades: 5, added: 4, already_imported: 0 });
    expect(imported.skipped).toHaveLength(1);

    const summary = await call(PORTFOLIO.summary, { caller });
    expect(summary.as_of).toBe('2024-03-28');
    const bySymbol = new Map(summary.holdings.map((holding) => [holding.symbol, holding]));
    // 15 INFY bought, 6 sold; NESTLEIND's 2 shares became 20 in the 10-for-1 split, at a tenth of the cost each.
    expect(bySymbol.get('INFY')).toMatchObject({ quantity: 9, close_date: '2024-03-28' });
    expect(bySymbol.get('NESTLEIND')).toMatchObject({ quantity: 20, invested: 48_000, average_cost: 2_400 });
    expect(bySymbol.get('TCS')).toMatchObject({ quantity: 4 });
    const value = summary.holdings.reduce((sum, holding) => sum + holding.value, 0);
    expect(summary.totals.value).toBeCloseTo(value, 0);
    expect(bySymbol.get('TCS')!.value).toBeCloseTo(4 * bySymbol.get('TCS')!.close, 1);
    // The two INFY fills of 1 June are one transaction at their average price; 6 of its shares sold at 1,650 within
    // the year: a short-term gain.
    const average = (10 * 1300 + 5 * 1302) / 15;
    expect(summary.realised).toEqual([{ fiscal_year: 'FY2023-24', short_term: Math.round(6 * (1650 - average) * 100) / 100, long_term: 0 }]);
    expect(summary.performance.xirr).not.toBeNull();
    expect(summary.performance.nifty_xirr).not.toBeNull();
    expect(summary.allocation.by_sector.map((sector) => sector.sector)).toEqual(expect.arrayContaining(['IT', 'CONSUMER GOODS']));
    expect(summary.series.at(-1)).toMatchObject({ date: '2024-03-28' });
    expect(summary.series.at(-1)!.value).toBeCloseTo(value, 0);

    // The time-weighted return over less than a year is not annualised; NIFTY 50's own return runs from its close of
    // the first trade's day.
    expect(summary.performance).toMatchObject({ first_date: '2023-06-01', twr: expect.any(Number), twr_annualised: null });
    const nifty = (await call(MARKET.history, { symbol: 'NIFTY 50', range: 'max', adjusted: false })).bars;
    const niftyOn = (date: string) => nifty.filter((bar) => bar.date <= date).at(-1)!.close;
    expect(summary.performance.nifty_return).toBeCloseTo((niftyOn('2024-03-28') / niftyOn('2023-06-01') - 1) * 100, 2);

    // Risk of today's three holdings over the last year of adjusted closes: NESTLEIND's split is not a crash.
    const risk = summary.risk!;
    expect(risk.to <= '2024-03-28' && risk.from >= '2023-03-28').toBe(true);
    expect(risk.returns).toBeGreaterThan(150);
    expect(risk.volatility).toBeGreaterThan(5);
    expect(risk.volatility).toBeLessThan(40);
    expect(risk.nifty_volatility).toBeGreaterThan(5);
    expect(risk.nifty_volatility).toBeLessThan(30);
    expect(risk.beta).toBeGreaterThan(0.2);
    expect(risk.beta).toBeLessThan(1.5);
    expect(risk.max_drawdown).toBeLessThan(0);
    expect(risk.max_drawdown).toBeGreaterThan(-30);
    expect(risk.drawdown_peak! < risk.drawdown_trough!).toBe(true);
    expect(risk.contributions.map((entry) => entry.symbol).sort()).toEqual(['INFY', 'NESTLEIND', 'TCS']);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(risk.contributions.map((entry) => entry.weight_pct))).toBeCloseTo(100, 0);
    expect(sum(risk.contributions.map((entry) => entry.risk_share_pct!))).toBeCloseTo(100, 0);
    for (const entry of risk.contributions) expect(entry.weight_pct).toBeCloseTo(bySymbol.get(entry.symbol)!.weight_pct, 1);

    // The premium what-if of the same holdings (the gateway gates it; the service just answers).
    const whatIf = await call(PORTFOLIO.whatIf, { caller });
    expect(whatIf).toMatchObject({ as_of: '2024-03-28', from: risk.from, to: risk.to, returns: risk.returns, unavailable: null });
    expect(whatIf.holdings.map((holding) => holding.symbol).sort()).toEqual(['INFY', 'NESTLEIND', 'TCS']);
    expect(whatIf.holdings.find((holding) => holding.symbol === 'TCS')!.company).toBe('Tata Consultancy Services Ltd.');
    for (const key of ['current_pct', 'min_variance_pct', 'risk_parity_pct'] as const) expect(sum(whatIf.holdings.map((holding) => holding[key]))).toBeCloseTo(100, 9);
    expect(whatIf.volatility.current).toBeCloseTo(risk.volatility!, 1);
    expect(whatIf.volatility.min_variance!).toBeLessThanOrEqual(whatIf.volatility.current!);
    expect(whatIf.volatility.min_variance!).toBeLessThanOrEqual(whatIf.volatility.risk_parity!);
    expect(whatIf.assumptions.slice(0, OPTIMISATION_ASSUMPTIONS.length)).toEqual(OPTIMISATION_ASSUMPTIONS);
    expect(whatIf.assumptions.at(-1)).toMatch(new RegExp(`^Based on ${risk.returns} daily returns from \\d{1,2} [A-Z][a-z]{2} 2023 to \\d{1,2} [A-Z][a-z]{2} 2024\\.$`));

    const again = await call(PORTFOLIO.importTradebook, { caller, csv: TRADEBOOK });
    expect(again).toMatchObject({ trades: 5, added: 0, already_imported: 5 });
    expect((await call(PORTFOLIO.listTransactions, { caller })).transactions).toHaveLength(4);

    // The summary is kept between requests, and a write shows at once: a buy by hand, then its deletion.
    const itc = await call(PORTFOLIO.addTransaction, { caller, symbol: 'ITC', date: '2023-05-02', kind: 'buy', quantity: 10, price: 420, charges: 20 });
    expect((await call(PORTFOLIO.summary, { caller })).holdings.map((holding) => holding.symbol)).toContain('ITC');
    await call(PORTFOLIO.deleteTransaction, { caller, id: itc.id });
    expect((await call(PORTFOLIO.summary, { caller })).holdings.map((holding) => holding.symbol)).not.toContain('ITC');
  });

  it('rejects a malformed row naming its line and keeps nothing of that import', async () => {
    const caller = user();
    const bad = [HEADER, row('INFY', '2023-06-01', 'buy', 10, 1300, '71000001'), row('TCS', '2023-06-02', 'buy', 4, 3250, '71000002').replace(',4.000000,', ',four,')].join('\n');
    await expect(call(PORTFOLIO.importTradebook, { caller, csv: bad })).rejects.toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/line 3: /) });
    expect((await call(PORTFOLIO.listTransactions, { caller })).transactions).toEqual([]);
  });

  it('refuses a sale of more shares than were held then, and a stock it has no prices for', async () => {
    const caller = user();
    await call(PORTFOLIO.addTransaction, { caller, symbol: 'ITC', date: '2023-05-02', kind: 'buy', quantity: 10, price: 420, charges: 20 });
    await expect(call(PORTFOLIO.addTransaction, { caller, symbol: 'ITC', date: '2023-06-01', kind: 'sell', quantity: 11, price: 440, charges: 0 })).rejects.toMatchObject({
      code: 'unprocessable',
      message: expect.stringMatching(/sell 11 ITC shares on 2023-06-01, more than the 10 held then/),
    });
    await expect(call(PORTFOLIO.addTransaction, { caller, symbol: 'NOSUCH', date: '2023-06-01', kind: 'buy', quantity: 1, price: 10, charges: 0 })).rejects.toMatchObject({ code: 'not_found' });
    const [only] = (await call(PORTFOLIO.listTransactions, { caller })).transactions;
    expect(only).toMatchObject({ symbol: 'ITC', quantity: 10, source: 'manual', trade_ids: [] });
    expect((await call(PORTFOLIO.deleteTransaction, { caller, id: only!.id })).transactions).toEqual([]);
    await expect(call(PORTFOLIO.deleteTransaction, { caller, id: only!.id })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('says why there is no what-if for one stock, and has neither risk nor what-if for an empty portfolio', async () => {
    const caller = user();
    const empty = await call(PORTFOLIO.summary, { caller });
    expect(empty.risk).toBeNull();
    expect(empty.performance).toMatchObject({ twr: null, twr_annualised: null, nifty_return: null });
    expect(await call(PORTFOLIO.whatIf, { caller })).toMatchObject({ as_of: null, holdings: [], unavailable: expect.stringMatching(/needs at least two/) });

    await call(PORTFOLIO.addTransaction, { caller, symbol: 'ITC', date: '2022-05-02', kind: 'buy', quantity: 10, price: 250, charges: 0 });
    const summary = await call(PORTFOLIO.summary, { caller });
    expect(summary.risk).toMatchObject({ contributions: [{ symbol: 'ITC', weight_pct: 100, risk_share_pct: 100 }] });
    // Held for almost two years: the time-weighted return is annualised too.
    expect(summary.performance.twr_annualised).not.toBeNull();
    const whatIf = await call(PORTFOLIO.whatIf, { caller });
    expect(whatIf.unavailable).toBe('Your portfolio holds one stock with prices over the last year (ITC), so there is no mix to illustrate: the what-if needs at least two.');
    expect(whatIf.holdings).toEqual([{ symbol: 'ITC', company: expect.any(String), current_pct: 100, min_variance_pct: 100, risk_parity_pct: 100 }]);
    expect(whatIf.assumptions.length).toBeGreaterThan(OPTIMISATION_ASSUMPTIONS.length);
  });

  it('shows the open example: ten stocks bought on one day, said plainly', async () => {
    const example = await call(PORTFOLIO.example, {});
    expect(example.holdings).toHaveLength(10);
    expect(example.example).toMatch(/^This is an example portfolio/);
    expect(example.performance.first_date).toBe('2023-04-03');
    expect(example.risk!.contributions).toHaveLength(10);
    // RELIANCE's demerger of Jio Financial Services moved part of its cost to shares Nivesh has no prices for: said.
    expect(example.notes).toEqual([expect.stringMatching(/^RELIANCE, demerger of Jio Financial Services on 20 Jul 2023: ₹[\d,]+ of its cost went to the new company's shares/)]);
  });

  it('keeps several watchlists, each stock with its latest close, change and 52-week range, within their limits', async () => {
    const caller = user();
    expect(await call(PORTFOLIO.watchlists, { caller })).toEqual({ watchlists: [] });
    const [banks] = (await call(PORTFOLIO.createWatchlist, { caller, name: 'Banks' })).watchlists;
    await call(PORTFOLIO.createWatchlist, { caller, name: 'IT' });
    await call(PORTFOLIO.addToWatchlist, { caller, id: banks!.id, symbol: 'HDFCBANK' });
    const { watchlists } = await call(PORTFOLIO.addToWatchlist, { caller, id: banks!.id, symbol: 'SBIN' });
    expect(watchlists.map((list) => list.name)).toEqual(['Banks', 'IT']);
    expect(watchlists[0]!.items.map((item) => item.symbol)).toEqual(['HDFCBANK', 'SBIN']);
    const hdfc = watchlists[0]!.items[0]!;
    expect(hdfc).toMatchObject({ company: 'HDFC Bank Ltd.', as_of: '2024-03-28' });
    expect(hdfc.low_52w!).toBeLessThanOrEqual(hdfc.close!);
    expect(hdfc.high_52w!).toBeGreaterThanOrEqual(hdfc.close!);
    expect(hdfc.change_pct).not.toBeNull();
    // The same stock twice stays once; a stock without prices and someone else's list are refused.
    expect((await call(PORTFOLIO.addToWatchlist, { caller, id: banks!.id, symbol: 'SBIN' })).watchlists[0]!.items).toHaveLength(2);
    await expect(call(PORTFOLIO.addToWatchlist, { caller, id: banks!.id, symbol: 'NOSUCH' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(call(PORTFOLIO.addToWatchlist, { caller: user(), id: banks!.id, symbol: 'ITC' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await call(PORTFOLIO.removeFromWatchlist, { caller, id: banks!.id, symbol: 'SBIN' })).watchlists[0]!.items.map((item) => item.symbol)).toEqual(['HDFCBANK']);
    expect((await call(PORTFOLIO.deleteWatchlist, { caller, id: banks!.id })).watchlists.map((list) => list.name)).toEqual(['IT']);
    for (let n = 1; n < 20; n++) await call(PORTFOLIO.createWatchlist, { caller, name: `List ${n}` });
    await expect(call(PORTFOLIO.createWatchlist, { caller, name: 'One too many' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/20 watchlists/) });
  });
});
