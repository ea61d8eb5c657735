import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LineChartProps } from '../../../components/market/line-chart';
import { json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';

// jsdom has no canvas: the lazily loaded chart is replaced by a list of what it was asked to draw.
vi.mock('../../../components/market/line-chart-canvas', () => ({
  default: ({ series, levels, zones }: LineChartProps) => (
    <div
      data-testid="chart-canvas"
      data-points={series.map((entry) => entry.points.length).join()}
      data-levels={levels?.map((level) => level.value).join()}
      data-level-labels={levels?.map((level) => `${level.label ?? ''}|${String(level.axisLabel ?? true)}`).join()}
      data-zones={zones?.map((zone) => `${zone.label} ${zone.from}-${zone.to}`).join()}
    />
  ),
}));

const SENTIMENT = {
  as_of: '2024-03-28',
  score: 62.4,
  label: 'Greed',
  components: [
    { key: 'breadth', name: 'Market breadth', score: 71, value: 1.8, unit: 'advancers per decliner', meaning: 'More stocks rose than fell over the last 20 days.' },
    { key: 'momentum', name: 'Momentum', score: 66, value: 4.25, unit: '%', meaning: 'NIFTY 50 is 4.25% above its 125-day average.' },
    { key: 'volatility', name: 'Volatility', score: 40, value: 14.2, unit: '%', meaning: 'Swings are a little wider than usual.' },
    { key: 'highs_lows', name: 'New highs vs lows', score: 72.6, value: 1234, unit: 'stocks', meaning: 'Far more stocks are near their 52-week highs than lows.' },
  ],
  history: [
    { date: '2024-03-26', score: 58 },
    { date: '2024-03-27', score: 60.5 },
    { date: '2024-03-28', score: 62.4 },
  ],
  method: 'Each component is ranked against its own last five years and scaled to 0-100; the index is their mean.',
};

const renderPage = (status = 200, body: unknown = SENTIMENT) => {
  const fetch = stubFetch((call) =>
    call.url.startsWith('/api/market/sentiment')
      ? json(body, status)
      : call.url.startsWith('/api/market/status')
        ? json({ as_of: '2024-03-28', symbols: 48, bars: 270660, first_date: '1995-11-03' })
        : notFound(),
  );
  renderRoutes('/market-sentiment');
  return fetch;
};

describe('Market Sentiment page', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('says when the index ends before the stock prices because NIFTY 50 data ends earlier', async () => {
    renderPage(200, { ...SENTIMENT, as_of: '2024-03-07' });
    expect((await screen.findByTestId('prices-as-of')).textContent).toContain('28 Mar 2024');
    await waitFor(() => expect(screen.getByTestId('sentiment-as-of').textContent).toContain('computed up to 7 Mar 2024, the latest day with NIFTY 50 prices'));
  });

  it('shows the score with its label, the four components and the method', async () => {
    const { callsTo } = renderPage();

    const score = await screen.findByTestId('sentiment-score');
    expect(score.textContent).toContain('62 out of 100');
    expect(within(score).getByText('Greed')).toBeTruthy();
    expect((await screen.findByTestId('prices-as-of')).textContent).toContain('28 Mar 2024');
    expect(screen.getByTestId('sentiment-as-of').textContent).toBe('The index is computed up to 28 Mar 2024.');
    expect(screen.getByText(/Educational analysis only/)).toBeTruthy();

    const breadth = screen.getByTestId('sentiment-breadth');
    expect(within(breadth).getByRole('heading', { name: 'Market breadth' })).toBeTruthy();
    expect(within(breadth).getByRole('meter', { name: 'Market breadth score' }).getAttribute('aria-valuenow')).toBe('71');
    expect(breadth.textContent).toContain('Reading: 1.8 advancers per decliner');
    expect(breadth.textContent).toContain('More stocks rose than fell');
    expect(screen.getByTestId('sentiment-momentum').textContent).toContain('Reading: 4.25%');
    expect(screen.getByTestId('sentiment-highs_lows').textContent).toContain('Reading: 1,234 stocks');
    expect(screen.getByTestId('sentiment-highs_lows').textContent).toContain('73/100');

    expect(screen.getByText(SENTIMENT.method)).toBeTruthy();
    expect(callsTo('/api/market/sentiment?range=1y')).toHaveLength(1);
  });

  it('draws the history with the zone lines and describes it in words', async () => {
    renderPage();

    const canvas = await screen.findByTestId('chart-canvas');
    expect(canvas.getAttribute('data-points')).toBe('3');
    expect(canvas.getAttribute('data-levels')).toBe('25,45,55,75');
    // The boundaries carry no text on the value axis, where '25' sat on the '20' tick and '75' on the latest value;
    // each mood is named inside its own band instead.
    expect(canvas.getAttribute('data-level-labels')).toBe('|false,|false,|false,|false');
    expect(canvas.getAttribute('data-zones')).toBe('Extreme fear 0-25,Fear 25-45,Neutral 45-55,Greed 55-75,Extreme greed 75-100');
    const chart = screen.getByRole('img', { name: /^Mood index history\./ });
    expect(chart.getAttribute('aria-label')).toContain('58 on 26 Mar 2024, 62.4 on 28 Mar 2024');
  });

  it('asks for another range when a range button is pressed', async () => {
    const { callsTo } = renderPage();
    await screen.findByTestId('sentiment-score');

    const ranges = screen.getByRole('group', { name: 'History range' });
    expect(within(ranges).getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(ranges).getByRole('button', { name: '5Y' }));
    await waitFor(() => expect(callsTo('/api/market/sentiment?range=5y')).toHaveLength(1));
    expect(within(ranges).getByRole('button', { name: '5Y' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(screen.getByRole('group', { name: 'History range' })).getByRole('button', { name: '6M' }));
    await waitFor(() => expect(callsTo('/api/market/sentiment?range=6m')).toHaveLength(1));
  });

  it("shows the server's detail when the index cannot be computed, with a retry", async () => {
    const { callsTo } = renderPage(503, { detail: 'Market data has not been imported yet.' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Market data has not been imported yet.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo('/api/market/sentiment?range=1y')).toHaveLength(2));
    expect(screen.queryByTestId('sentiment-score')).toBeNull();
  });
});
