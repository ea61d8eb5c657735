import { type HubFinding, type HubLean, MARKET, type MeasureValue, type StockFundamentals } from '@nivesh/proto';
import { formatDate, formatNumber, formatPercent, formatRupees, formatSignedPercent } from '../../engine/format';
import { type AgentAnswer, type AgentReader, type AgentRequest, figure, type HubAgent, listOf } from './agent';

/** Beyond 15 % above or below a median, a multiple reads as dearer or cheaper than it; within, as in line with it. */
const BAND = 0.15;

type Side = 'above' | 'below' | 'near';

const sideOf = (value: number | null, median: number | null): Side | null => {
  if (value === null || median === null || median <= 0) return null;
  if (value > median * (1 + BAND)) return 'above';
  if (value < median * (1 - BAND)) return 'below';
  return 'near';
};

const LEAN_OF_SIDE: Record<Side, HubLean> = { above: 'negative', below: 'positive', near: 'neutral' };

/**
 * Dearer than its own history and its peers leans negative, cheaper positive; when the two comparisons point different
 * ways the reading is mixed, and when only one is known it decides.
 */
export const valuationLean = (measure: MeasureValue): HubLean => {
  const own = sideOf(measure.value, measure.median_5y);
  const peers = sideOf(measure.value, measure.sector_median);
  const leans = [own, peers].filter((side): side is Side => side !== null).map((side) => LEAN_OF_SIDE[side]);
  if (leans.length === 0) return 'neutral';
  const directional = leans.filter((lean) => lean !== 'neutral');
  if (directional.length === 0) return 'neutral';
  if (directional.length === 2 && directional[0] !== directional[1]) return 'mixed';
  return directional[0]!;
};

const READING: Record<Side, string> = { above: 'above', below: 'below', near: 'close to' };

const multipleFinding = (latest: StockFundamentals, key: 'pe' | 'pb'): HubFinding => {
  const name = key === 'pe' ? 'P/E' : 'P/B';
  const measure = latest.measures[key];
  const day = latest.close_date;
  if (measure.value === null) {
    return {
      title: `${name} ratio`,
      text: `${latest.symbol} has no ${name} on ${formatDate(day)}. ${measure.missing_reason ?? ''}`.trim(),
      means: `Without a ${name}, the stock cannot be compared with its own history or its peers on this measure.`,
      does_not_mean: 'A missing ratio says nothing about whether the stock is cheap or dear.',
      figures: [figure(name, null, 'number', day)],
      as_of: day,
    };
  }
  const basis =
    key === 'pe' && latest.ttm_eps !== null
      ? ` (the close of ${formatRupees(latest.close)} over twelve months’ earnings of ${formatRupees(latest.ttm_eps)} a share)`
      : key === 'pb' && latest.book_value_per_share !== null
        ? ` (the close of ${formatRupees(latest.close)} over a book value of ${formatRupees(latest.book_value_per_share)} a share)`
        : '';
  const own = sideOf(measure.value, measure.median_5y);
  const peers = sideOf(measure.value, measure.sector_median);
  const comparisons = [
    own ? `${READING[own]} its own 5-year median of ${formatNumber(measure.median_5y!, 1)}` : null,
    peers ? `${READING[peers]} its peers’ median of ${formatNumber(measure.sector_median!, 1)}` : null,
  ].filter((part): part is string => part !== null);
  return {
    title: `${name} ratio`,
    text: `${latest.symbol}’s ${name} was ${formatNumber(measure.value, 1)} on ${formatDate(day)}${basis}${comparisons.length ? `, ${listOf(comparisons)}` : ''}.`,
    means:
      key === 'pe'
        ? 'How many rupees investors paid for each rupee of yearly earnings, against what they paid for this stock in the past five years and for its peers.'
        : 'How many rupees investors paid for each rupee of book value (what the company owns less what it owes), against its own history and its peers.',
    does_not_mean:
      'A high multiple is not a warning and a low one is not a bargain by itself: it reflects what investors expect of future earnings, which can be right or wrong.',
    figures: [figure(name, measure.value, 'number', day), figure(`${name}, 5-year median`, measure.median_5y, 'number', day), figure(`${name}, peers’ median`, measure.sector_median, 'number', day)],
    as_of: day,
  };
};

const businessFinding = (latest: StockFundamentals): HubFinding | null => {
  const { roe, net_margin: margin, revenue_growth: revenue, profit_growth: profit, debt_to_equity: debt } = latest.measures;
  const filing = latest.filing;
  if (!filing) return null;
  const parts = [
    roe.value !== null ? `return on equity ${formatPercent(roe.value, 1)}` : null,
    margin.value !== null ? `net margin ${formatPercent(margin.value, 1)}` : null,
    revenue.value !== null ? `revenue ${formatSignedPercent(revenue.value, 1)} on the year before` : null,
    profit.value !== null ? `profit ${formatSignedPercent(profit.value, 1)}` : null,
    debt.value !== null ? `debt-to-equity ${formatNumber(debt.value)}` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  const filed = filing.filed_at.slice(0, 10);
  return {
    title: 'The business behind the price',
    text: `Over the last twelve months: ${listOf(parts)}, from the ${filing.label} results filed on ${formatDate(filed)} (${filing.basis}).`,
    means: 'How profitable the company has been and how fast its sales and profit grew, as its own filings report them.',
    does_not_mean: 'Past growth and profitability do not carry on by themselves, and the figures are as filed, not audited by Nivesh.',
    figures: [
      figure('Return on equity', roe.value, 'pct', filed),
      figure('Net margin', margin.value, 'pct', filed),
      figure('Revenue growth', revenue.value, 'pct', filed),
      figure('Profit growth', profit.value, 'pct', filed),
      figure('Debt-to-equity', debt.value, 'number', filed),
    ],
    as_of: filed,
  };
};

/** Where a multiple stands against its own 5-year median and its peers', e.g. 'above its 5-year median and close to its peers' median'. */
export const standing = (measure: MeasureValue): string => {
  const own = sideOf(measure.value, measure.median_5y);
  const peers = sideOf(measure.value, measure.sector_median);
  const parts = [own ? `${READING[own]} its 5-year median` : null, peers ? `${READING[peers]} its peers’ median` : null].filter((part): part is string => part !== null);
  return parts.length ? listOf(parts) : 'without a 5-year or a peers’ median to compare with';
};

/** The valuation agent: what do investors pay for the company's earnings and assets, against its past and its peers? */
export const valuationAgent: HubAgent = {
  name: 'valuation',
  title: 'Valuation',
  question: 'What are investors paying for the company’s earnings, against its own history and its peers?',
  async run({ symbol, caller }: AgentRequest, reader: AgentReader): Promise<AgentAnswer> {
    const valuation = await reader.read(
      MARKET.valuation,
      { symbol, caller },
      { label: 'Fundamentals from NSE filings', source: `/api/fundamentals/stock?symbol=${encodeURIComponent(symbol)}`, asOf: (answer) => answer.latest.close_date },
    );
    const { latest } = valuation;
    // Banks are valued on book value: their earnings swing with provisions.
    const key = latest.bank ? 'pb' : 'pe';
    const name = key === 'pe' ? 'P/E' : 'P/B';
    const measure = latest.measures[key];
    const lean = valuationLean(measure);
    const findings = [multipleFinding(latest, key), businessFinding(latest)].filter((finding): finding is HubFinding => finding !== null);
    return {
      lean,
      reading: measure.value === null ? `No ${name}` : `${name} ${formatNumber(measure.value, 1)}, ${standing(measure)}`,
      headline:
        measure.value === null
          ? `${symbol} has no ${name} on ${formatDate(latest.close_date)}, so its valuation cannot be compared.`
          : `${symbol}’s ${name} of ${formatNumber(measure.value, 1)} on ${formatDate(latest.close_date)} was ${standing(measure)}.`,
      findings,
    };
  },
};
