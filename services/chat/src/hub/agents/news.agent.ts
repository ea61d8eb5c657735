import { type HubFinding, type HubLean, RPC, type RpcDefinition } from '@nivesh/proto';
import { z } from 'zod';
import { formatDate } from '../../engine/format';
import { type AgentAnswer, type AgentReader, type AgentRequest, AgentUnavailableError, figure, type HubAgent, listOf } from './agent';

/** Said when the market service has no news call the Hub could ask. */
export const NEWS_NOT_AVAILABLE = 'News and events are not available to the Hub yet, so this report has no news part.';

/** The items the Hub cites: the newest few. */
const SHOWN = 3;

/**
 * The parts of a news answer the agent reads, loosely: AI News (services/market) owns the contract, and the agent reads
 * only a title, a date, a kind and a tone of each item, whatever else the answer carries.
 */
const NewsItemSchema = z
  .object({
    kind: z.string().nullish(),
    title: z.string().nullish(),
    headline: z.string().nullish(),
    date: z.string().nullish(),
    published_at: z.string().nullish(),
    tone: z.union([z.string(), z.number(), z.object({ label: z.string().nullish(), score: z.number().nullish() })]).nullish(),
  })
  .loose();
const NewsAnswerSchema = z.object({ items: z.array(NewsItemSchema) }).loose();
type NewsItem = z.infer<typeof NewsItemSchema>;

/** The market's news call, when the running contract has one. */
export const newsPattern = (market: Record<string, RpcDefinition> = RPC.market): RpcDefinition | undefined =>
  market.news ?? Object.values(market).find((definition) => /\.news$/.test(definition.pattern));

const titleOf = (item: NewsItem) => (item.title ?? item.headline ?? '').trim();
const dateOf = (item: NewsItem) => (item.date ?? item.published_at ?? '').slice(0, 10);

/** An item's tone as -1, 0 or 1, from a label ('positive') or a score. */
const toneOf = (item: NewsItem): number | null => {
  const tone = item.tone;
  const label = typeof tone === 'string' ? tone : typeof tone === 'object' && tone ? tone.label : null;
  const score = typeof tone === 'number' ? tone : typeof tone === 'object' && tone ? tone.score : null;
  if (label) return /pos/i.test(label) ? 1 : /neg/i.test(label) ? -1 : 0;
  if (typeof score === 'number') return Math.sign(score);
  return null;
};

export const newsLean = (tones: readonly number[]): HubLean => {
  if (tones.length === 0) return 'neutral';
  const positive = tones.filter((tone) => tone > 0).length;
  const negative = tones.filter((tone) => tone < 0).length;
  if (positive > 0 && negative > 0 && Math.min(positive, negative) / Math.max(positive, negative) > 0.5) return 'mixed';
  if (positive > negative * 2) return 'positive';
  if (negative > positive * 2) return 'negative';
  return 'neutral';
};

/** The news agent, reading the call `lookup` finds (the market's news call; another in tests). */
export const newsAgentFor = (lookup: () => RpcDefinition | undefined): HubAgent => ({
  name: 'news',
  title: 'News',
  question: 'Which results, corporate actions, market events and news came out lately, and in what tone?',
  async run({ symbol }: AgentRequest, reader: AgentReader): Promise<AgentAnswer> {
    const pattern = lookup();
    if (!pattern) throw new AgentUnavailableError(NEWS_NOT_AVAILABLE);
    const answer = NewsAnswerSchema.safeParse(
      await reader.read(pattern, { symbol } as never, { label: 'News and events', source: `/api/news?symbol=${encodeURIComponent(symbol)}`, asOf: () => null }),
    );
    if (!answer.success) throw new AgentUnavailableError('The news answer could not be read, so this report has no news part.');
    const items = answer.data.items.filter((item) => titleOf(item) !== '' && /^\d{4}-\d{2}-\d{2}$/.test(dateOf(item)));
    const newest = [...items].sort((a, b) => dateOf(b).localeCompare(dateOf(a))).slice(0, SHOWN);
    const tones = items.map(toneOf).filter((tone): tone is number => tone !== null);
    const lean = newsLean(tones);
    const latest = newest[0] ? dateOf(newest[0]) : null;
    const counts = { positive: tones.filter((tone) => tone > 0).length, negative: tones.filter((tone) => tone < 0).length };
    const findings: HubFinding[] = newest.map((item) => ({
      title: item.kind ? `${item.kind.replace(/_/g, ' ').replace(/^./, (letter) => letter.toUpperCase())}` : 'News item',
      text: `${formatDate(dateOf(item))}: ${titleOf(item)}`,
      means: 'Something the company announced, or that happened in its trading or was reported about it, on that day.',
      does_not_mean: 'An item’s tone is measured on its words, not on what followed: news is history, not a prediction.',
      figures: [],
      as_of: dateOf(item),
    }));
    return {
      lean,
      reading: items.length ? `${items.length} items, ${counts.positive} positive and ${counts.negative} negative in tone` : 'No recent items',
      headline: items.length
        ? `${items.length === 1 ? 'One news item or event' : `${items.length} news items and events`} about ${symbol}, the latest on ${formatDate(latest!)}${tones.length ? `: ${listOf([`${counts.positive} positive`, `${counts.negative} negative`])} in tone` : ''}.`
        : `No news items or events about ${symbol} were found.`,
      findings: findings.length ? findings : [{ title: 'No items', text: `No news items or events about ${symbol} were found.`, means: 'Nothing was recorded for the stock lately.', does_not_mean: 'Quiet news does not mean nothing is happening at the company.', figures: [figure('Items', 0, 'count', null)], as_of: null }],
    };
  },
});

/** The news agent: which events and news about the stock came out lately, and in what tone? */
export const newsAgent = newsAgentFor(() => newsPattern());
