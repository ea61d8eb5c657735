import type { PortfolioRisk, PortfolioSummary } from '@nivesh/proto';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../../testing/render';
import { PORTFOLIO_TEXTS, RISK_TEXTS, betaSentence } from '../texts';
import { EXAMPLE, SUMMARY } from '../testing/fixtures';
import { PerformancePanel } from './performance-panel';
import { RiskPanel } from './risk-panel';

const RISK = SUMMARY.risk!;

/** The panel alone; `unmount` takes it away before the next. */
const showRisk = (risk: PortfolioRisk | null) => {
  const { unmount } = renderRoutes('/', [{ path: '/', element: <RiskPanel risk={risk} /> }]);
  return Object.assign(screen.getByRole('region', { name: RISK_TEXTS.title }), { unmount });
};

const showPerformance = (summary: PortfolioSummary) => {
  const { unmount } = renderRoutes('/', [{ path: '/', element: <PerformancePanel summary={summary} subject="Your money" /> }]);
  return Object.assign(screen.getByRole('region', { name: PORTFOLIO_TEXTS.performanceTitle }), { unmount });
};

/** Each figure of a list of terms as 'term: figure | what it means'. */
const figures = (list: HTMLElement) =>
  Array.from(list.querySelectorAll('div')).map(
    (entry) =>
      `${entry.querySelector('dt')?.textContent}: ${entry.querySelector('.return-value')?.textContent} | ${entry.querySelector('.return-explain')?.textContent}`,
  );

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent),
    );

describe('Performance panel', () => {
  it('puts XIRR, the time-weighted return with its yearly rate and NIFTY 50’s return side by side, each explained', () => {
    const panel = showPerformance(SUMMARY);
    expect(figures(within(panel).getByTestId('return-figures'))).toEqual([
      `XIRR: 14.2\u00a0% a year | ${PORTFOLIO_TEXTS.xirrExplain}`,
      `Time-weighted return: +46.8\u00a0% (13.7\u00a0% a year) | ${PORTFOLIO_TEXTS.twrExplain}`,
      `NIFTY 50, same period: +51.3\u00a0% | ${PORTFOLIO_TEXTS.niftyReturnExplain}`,
    ]);
    expect(within(panel).getByLabelText(PORTFOLIO_TEXTS.returnsLabel).tagName).toBe('DL');
    // The index's data ends before the stocks': the comparison says so.
    expect(within(panel).getByTestId('nifty-ends').textContent).toBe(
      'NIFTY 50’s prices here end on 7 Mar 2024, so its figures run to that day.',
    );
  });

  it('gives no yearly rate for a period under a year, and says when a figure is not available yet', () => {
    const example = showPerformance(EXAMPLE);
    expect(figures(within(example).getByTestId('return-figures'))[1]).toBe(
      `Time-weighted return: +24.9\u00a0% | ${PORTFOLIO_TEXTS.twrExplain}`,
    );
    example.unmount();

    const losing = showPerformance({
      ...SUMMARY,
      performance: {
        ...SUMMARY.performance,
        xirr: -3.4,
        twr: -8.25,
        twr_annualised: -2.9,
        nifty_return: null,
        nifty_as_of: SUMMARY.as_of,
      },
    });
    expect(within(losing).queryByTestId('nifty-ends')).toBeNull();
    expect(figures(within(losing).getByTestId('return-figures'))).toEqual([
      `XIRR: −3.4\u00a0% a year | ${PORTFOLIO_TEXTS.xirrExplain}`,
      `Time-weighted return: −8.3\u00a0% (−2.9\u00a0% a year) | ${PORTFOLIO_TEXTS.twrExplain}`,
      `NIFTY 50, same period: ${PORTFOLIO_TEXTS.notYet} | ${PORTFOLIO_TEXTS.niftyReturnExplain}`,
    ]);
  });

  it('shows no returns before the first transaction', () => {
    const panel = showPerformance({
      ...SUMMARY,
      performance: {
        xirr: null,
        nifty_xirr: null,
        first_date: null,
        twr: null,
        twr_annualised: null,
        nifty_return: null,
        nifty_as_of: null,
      },
    });
    expect(within(panel).queryByTestId('return-figures')).toBeNull();
    expect(within(panel).getByText(PORTFOLIO_TEXTS.xirrNone)).toBeTruthy();
  });
});

describe('Risk panel', () => {
  it('states its window, the volatility beside NIFTY 50’s, beta in words and the largest fall with its dates', () => {
    const panel = showRisk(RISK);
    expect(within(panel).getByTestId('risk-window').textContent).toBe(
      'Based on the last year of daily closes, to 28 Mar 2024 (247 daily returns).',
    );
    expect(figures(within(panel).getByLabelText(RISK_TEXTS.figuresLabel))).toEqual([
      `Volatility, a year: 12.8\u00a0%NIFTY 50: 9.9\u00a0% | ${RISK_TEXTS.volatilityExplain}`,
      'Beta to NIFTY 50: 1.11 | On average the portfolio moved 1.11\u00a0% for each 1\u00a0% move of NIFTY 50.',
      'Largest fall: −13.4\u00a0% | The deepest fall from an earlier high: from 19 Jul 2023 to the low of 26 Oct 2023.',
    ]);
  });

  it('sets each holding’s weight beside its share of the risk, largest share first', () => {
    const panel = showRisk(RISK);
    const table = within(panel).getByRole('table', { name: RISK_TEXTS.contributionsCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Stock', 'Weight', 'Share of risk']);
    expect(rowTexts(table)).toEqual([
      ['RELIANCE', '29.8\u00a0%', '34.2\u00a0%'],
      ['INFY', '22.6\u00a0%', '28.5\u00a0%'],
      ['HDFCBANK', '21.8\u00a0%', '19.5\u00a0%'],
      ['ITC', '25.8\u00a0%', '17.8\u00a0%'],
    ]);
    const bars = within(table).getAllByRole('row')[1]!.querySelectorAll<HTMLElement>('.share-bar');
    expect(Array.from(bars).map((bar) => bar.style.width)).toEqual(['29.83%', '34.24%']);
  });

  it('gives the dates of a window under a year, and a stock without a share of risk last', () => {
    const panel = showRisk({
      ...RISK,
      from: '2023-11-01',
      returns: 99,
      contributions: [
        { symbol: 'ZOMATO', weight_pct: 10, risk_share_pct: null },
        ...RISK.contributions,
      ],
    });
    expect(within(panel).getByTestId('risk-window').textContent).toBe(
      'Based on the daily closes from 1 Nov 2023 to 28 Mar 2024 (99 daily returns), less than a year.',
    );
    expect(rowTexts(within(panel).getByRole('table')).at(-1)).toEqual(['ZOMATO', '10.0\u00a0%', '—']);
  });

  it('says in words when there are no figures yet, or no fall, or no beta to give', () => {
    const empty = showRisk(null);
    expect(empty.textContent).toContain(RISK_TEXTS.none);
    expect(screen.queryByRole('table')).toBeNull();
    empty.unmount();

    const calm = showRisk({ ...RISK, max_drawdown: 0, drawdown_peak: null, drawdown_trough: null, beta: null });
    expect(calm.textContent).toContain('The value never fell below an earlier high in this window.');
    expect(calm.textContent).toContain('There was too little movement of NIFTY 50 to measure it.');
    expect(betaSentence(-0.2)).toBe('On average the portfolio moved 0.20\u00a0% the opposite way for each 1\u00a0% move of NIFTY 50.');
  });
});
