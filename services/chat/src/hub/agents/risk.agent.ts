import { type HubFinding, type HubLean, MARKET, type MarketRisk } from '@nivesh/proto';
import { formatDate, formatNumber, formatPercent, formatRupees, formatSignedPercent } from '../../engine/format';
import { type AgentAnswer, type AgentReader, type AgentRequest, figure, type HubAgent } from './agent';

const LEANS: Record<MarketRisk['level'], HubLean> = { low: 'positive', moderate: 'neutral', high: 'negative' };
const LEVEL_READING: Record<MarketRisk['level'], string> = { low: 'Low risk figures', moderate: 'Moderate risk figures', high: 'High risk figures' };
const FLAG_NAMES: Record<MarketRisk['flags'][number]['kind'], string> = { pump_and_dump: 'pump-and-dump pattern', gap: 'gap', limit_move: 'move near the price band' };

const swingsFinding = (risk: MarketRisk, period: string): HubFinding => {
  const { metrics } = risk;
  return {
    title: 'How bumpy the ride was',
    text:
      `Annualised volatility was ${formatPercent(metrics.volatility_annual_pct)} over ${period}. On 95 of 100 days the one-day fall was smaller than ` +
      `${formatPercent(metrics.var95_pct)} (${formatRupees(metrics.var95_per_lakh, true)} on ₹1,00,000 held).`,
    means: 'How widely the price swung from day to day, scaled to a year, and the size of a bad day in that period.',
    does_not_mean: 'Past swings are not a limit: the other 5 days in 100 fell further, and a calm year can be followed by a rough one.',
    figures: [
      figure('Annualised volatility', metrics.volatility_annual_pct, 'pct', risk.as_of),
      figure('95% one-day value at risk', metrics.var95_pct, 'pct', risk.as_of),
      figure('Value at risk on ₹1,00,000', metrics.var95_per_lakh, 'inr', risk.as_of),
    ],
    as_of: risk.as_of,
  };
};

const drawdownFinding = (risk: MarketRisk, period: string): HubFinding => {
  const { max_drawdown_pct: depth, max_drawdown_peak: peak, max_drawdown_trough: trough } = risk.metrics;
  const when = peak && trough ? `, from the high of ${formatDate(peak)} to the low of ${formatDate(trough)}` : '';
  return {
    title: 'Deepest fall',
    text: peak && trough ? `The deepest fall from a high over ${period} was ${formatSignedPercent(depth)}${when}.` : `The price had no fall from a high over ${period}.`,
    means: 'What someone who bought at the high saw at the worst point of the period.',
    does_not_mean: 'It is not the most the price can fall: deeper falls happened in other years and can happen again.',
    figures: [figure('Maximum drawdown', depth, 'pct', trough ?? risk.as_of)],
    as_of: risk.as_of,
  };
};

const betaFinding = (risk: MarketRisk, period: string): HubFinding | null => {
  const { beta } = risk.metrics;
  if (beta === null) return null;
  return {
    title: 'Moves with the market',
    text: `Beta to NIFTY 50 was ${formatNumber(beta)} over ${period}: when the index moved 1%, ${risk.symbol} tended to move about ${formatNumber(Math.abs(beta))}% ${beta < 0 ? 'the other way' : 'the same way'}.`,
    means: beta > 1 ? 'The stock has swung more than the index.' : 'The stock has swung less than the index.',
    does_not_mean: 'Beta is an average over the period; on any one day the stock can move very differently from the index.',
    figures: [figure('Beta to NIFTY 50', beta, 'number', risk.as_of)],
    as_of: risk.as_of,
  };
};

const flagsFinding = (risk: MarketRisk, period: string): HubFinding => {
  const latest = risk.flags[0];
  const count = risk.flags.length;
  return {
    title: 'Unusual trading days',
    text: latest
      ? `${count === 1 ? 'One unusual trading day' : `${count} unusual trading days`} over ${period}; the latest, on ${formatDate(latest.date)}, a ${FLAG_NAMES[latest.kind]}: ${latest.description}`
      : `No unusual trading days (pump-and-dump patterns, gaps of 5% or more, moves near the price band) over ${period}.`,
    means: count ? 'Days when trading looked unusual: a reason to look closer at what happened then.' : 'Nothing in the period looked like the traces that manipulation or sudden news leave.',
    does_not_mean: count ? 'A flag is not proof of wrongdoing; news and results also move prices sharply.' : 'An absence of flags is not a guarantee of safety.',
    figures: [figure('Unusual trading days', count, 'count', latest?.date ?? risk.as_of)],
    as_of: risk.as_of,
  };
};

/** The risk agent: how much has the stock swung and fallen, and did its trading look unusual? */
export const riskAgent: HubAgent = {
  name: 'risk',
  title: 'Risk',
  question: 'How much has the price swung and fallen, and did trading look unusual?',
  async run({ symbol }: AgentRequest, reader: AgentReader): Promise<AgentAnswer> {
    const risk = await reader.read(MARKET.risk, { symbol, range: '1y' }, { label: 'Risk figures, 1 year', source: `/api/market/risk?symbol=${encodeURIComponent(symbol)}&range=1y`, asOf: (answer) => answer.as_of });
    const period = `${formatDate(risk.range.from)} to ${formatDate(risk.range.to)}`;
    const findings = [swingsFinding(risk, period), drawdownFinding(risk, period), betaFinding(risk, period), flagsFinding(risk, period)].filter(
      (finding): finding is HubFinding => finding !== null,
    );
    return {
      lean: LEANS[risk.level],
      reading: LEVEL_READING[risk.level],
      headline: `${symbol}’s risk figures over the past year were ${risk.level}: volatility ${formatPercent(risk.metrics.volatility_annual_pct)} a year, a deepest fall of ${formatSignedPercent(risk.metrics.max_drawdown_pct)} and ${risk.flags.length === 0 ? 'no unusual trading days' : risk.flags.length === 1 ? 'one unusual trading day' : `${risk.flags.length} unusual trading days`}.`,
      findings,
    };
  },
};
