import { formatPercent, formatRate, formatSignedINR } from './figures';
import {
  ALERT_KIND_LABELS,
  ALERT_TEXTS,
  KIND_LABELS,
  PORTFOLIO_TEXTS,
  RISK_TEXTS,
  SOURCE_LABELS,
  WHAT_IF_TEXTS,
  addedLine,
  alertCount,
  alertsFull,
  betaSentence,
  drawdownSentence,
  lastFired,
  riskWindow,
  importResult,
  allocationLead,
  periodLine,
  transactionWords,
  xirrSentence,
} from './texts';

/** Words of advice; 'buy' and 'sell' alone name the kinds of transaction. */
const ADVICE = new RegExp(
  [
    'recommend',
    'you should',
    'consider (buying|selling)',
    '\\b(buy|sell) (now|more|this|these)\\b',
    'target price',
    'price target',
    'undervalued',
    'overvalued',
    '\\btips?\\b',
  ].join('|'),
  'i',
);

/** Every string in a texts object, however deep. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(strings) : [];

/** Every sentence the pages write themselves (the server's details and reasons come on top). */
const ownTexts = (): string[] => [
  ...strings(PORTFOLIO_TEXTS),
  ...Object.values(SOURCE_LABELS),
  ...strings(RISK_TEXTS),
  ...strings(WHAT_IF_TEXTS),
  ...strings(ALERT_TEXTS),
  ...Object.values(ALERT_KIND_LABELS),
  xirrSentence('Your money', 14.2, 12.1)!,
  xirrSentence('Your money', -3.4, null)!,
  betaSentence(1.2),
  alertsFull(5, false),
];

describe('portfolio texts', () => {
  it('describe the figures and never advise: buy and sell only name transactions', () => {
    for (const text of ownTexts()) {
      expect(text).not.toMatch(ADVICE);
    }
    expect('Consider buying more of it').toMatch(ADVICE);
    expect(Object.values(KIND_LABELS)).toEqual(['Buy', 'Sell', 'Dividend']);
  });

  it('say what an import did, in the singular where it is one', () => {
    const skipped = [{ line: 12, reason: 'segment FO is not equity' }];
    expect(importResult({ broker: 'upstox', trades: 1, added: 1, already_imported: 0, skipped })).toBe(
      'Imported 1 trade from Upstox: 1 new transaction, 0 already imported; 1 row skipped as not equity trades.',
    );
    expect(importResult({ broker: 'zerodha', trades: 1200, added: 0, already_imported: 1200, skipped: [] })).toBe(
      'Imported 1,200 trades from Zerodha: 0 new transactions, 1,200 already imported.',
    );
  });

  it('put XIRR in words, a loss as lost, and say when NIFTY 50’s figure is missing', () => {
    expect(xirrSentence('Your money', 14.2, 12.1)).toBe(
      'Your money earned 14.2\u00a0% a year; the same payments into NIFTY 50 would have earned 12.1\u00a0% a year.',
    );
    expect(xirrSentence('This portfolio', -3.4, -0.49)).toBe(
      'This portfolio lost 3.4\u00a0% a year; the same payments into NIFTY 50 would have lost 0.5\u00a0% a year.',
    );
    expect(xirrSentence('Your money', 5, null)).toBe(
      'Your money earned 5.0\u00a0% a year; NIFTY 50’s figure for the same payments is not available.',
    );
    expect(xirrSentence('Your money', null, 10)).toBeNull();
    expect(periodLine('2021-04-01', '2024-03-28')).toBe(
      'From the first transaction on 1 Apr 2021 to the close of 28 Mar 2024.',
    );
    expect(periodLine('2021-04-01', null)).toBe('Since the first transaction on 1 Apr 2021.');
    expect(allocationLead('2024-03-28')).toBe(
      'Each sector’s share of the holdings’ value at the close of 28 Mar 2024.',
    );
  });

  it('put the risk window, beta and the largest fall in sentences', () => {
    expect(riskWindow({ from: '2023-03-28', to: '2024-03-28', returns: 1 })).toBe(
      'Based on the last year of daily closes, to 28 Mar 2024 (1 daily return).',
    );
    expect(betaSentence(0.5)).toBe('On average the portfolio moved 0.50\u00a0% for each 1\u00a0% move of NIFTY 50.');
    expect(drawdownSentence({ max_drawdown: -4.2, drawdown_peak: '2024-01-02', drawdown_trough: null })).toBe(
      'The value never fell below an earlier high in this window.',
    );
  });

  it('count alerts against the limit and say when one last fired', () => {
    expect(alertCount(3, 5)).toBe('3 of 5 alerts');
    expect(alertCount(12, 50)).toBe('12 of 50 alerts');
    expect(alertsFull(50, true)).toBe('You have 50 alerts, the most there can be: delete one to set another.');
    expect(lastFired('2024-03-28')).toBe('Last fired on 28 Mar 2024');
    expect(lastFired(null)).toBe('Not fired yet');
  });

  it('name a transaction as a person would', () => {
    const buy = { kind: 'buy', symbol: 'M&M', quantity: 1250, price: 1893.6, date: '2024-02-12' } as const;
    expect(transactionWords(buy, true)).toBe('Buy of 1,250 M&M at ₹1,893.60 on 12 Feb 2024');
    expect(addedLine({ ...buy, kind: 'dividend', quantity: 60, price: 6.75 })).toBe(
      'Added: dividend of ₹6.75 a share on 60 M&M shares on 12 Feb 2024.',
    );
  });

  it('write figures with Indian grouping and their sign', () => {
    expect(formatSignedINR(1234567.5)).toBe('+₹12,34,567.50');
    expect(formatSignedINR(-2317.5)).toBe('−₹2,317.50');
    expect(formatSignedINR(0.001)).toBe('₹0.00');
    expect(formatPercent(1234.56)).toBe('1,234.6\u00a0%');
    expect(formatPercent(-9.64, { signed: true })).toBe('−9.6\u00a0%');
    expect(formatPercent(0.01, { signed: true })).toBe('0.0\u00a0%');
    expect(formatPercent(null)).toBe('—');
    expect(formatRate(-99)).toBe('99.0\u00a0%');
  });
});
