import { screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../testing/fetch-mock';
import { stubViewport } from '../../../testing/match-media';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';
import { LIVE_RECORD_TEXTS } from '../texts';
import { LIVE_RECORD, liveHorizon, predictionServer } from '../testing/fixtures';

const openLiveRecord = async (record: unknown = LIVE_RECORD) => {
  stubFetch(predictionServer({ live: () => json(record) }));
  renderRoutes('/ai-predictions');
  return screen.findByRole('region', { name: /^Live record since/ }, { timeout: 5000 });
};

/** Each horizon card's heading and its figures, label and value, or its sentence when it has too few. */
const cards = (section: HTMLElement) =>
  within(within(section).getByRole('list')).getAllByRole('listitem').map((card) => ({
    heading: within(card).getByRole('heading').textContent,
    figures: within(card)
      .queryAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    text: card.querySelector('.live-record-too-few')?.textContent ?? null,
  }));

describe('TrendVision live record', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  afterEach(() => vi.unstubAllGlobals());

  it('shows since when it records, how many forecasts are scored, and each horizon’s shares in the bands and errors against no change', async () => {
    const section = await openLiveRecord();
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Live record since 28 Mar 2024');
    expect(section.textContent).toContain(LIVE_RECORD_TEXTS.lead);
    expect(section.textContent).toContain('3,400 of the 5,210 forecasts recorded have been scored so far.');
    expect(cards(section)).toEqual([
      {
        heading: '1 trading day ahead',
        figures: [
          ['80 % band held', '79 %'],
          ['95 % band held', '94 %'],
          ['Relative MAE: errors against no change', '0.99'],
          ['Scored', '1,200 forecasts over 40 trading days, 1 Apr 2024 – 27 May 2024'],
        ],
        text: null,
      },
      {
        heading: '5 trading days ahead',
        figures: [
          ['80 % band held', '77 %'],
          ['95 % band held', '93 %'],
          ['Relative MAE: errors against no change', '1.01'],
          ['Scored', '1,100 forecasts over 36 trading days, 5 Apr 2024 – 27 May 2024'],
        ],
        text: null,
      },
      expect.objectContaining({ heading: '10 trading days ahead', figures: expect.arrayContaining([['80 % band held', '80 %']]) }),
    ]);
  });

  it('says how many it has instead of percentages while a horizon has too few scored forecasts', async () => {
    const section = await openLiveRecord({
      ...LIVE_RECORD,
      recorded: 490,
      scored: 147,
      horizons: [
        liveHorizon(1, { scored: 49, days: 1, coverage80: 0.2, coverage95: 0.4, first: '2024-04-01', last: '2024-04-01', enough: false }),
        liveHorizon(5, { scored: 1, days: 1, coverage80: 1, coverage95: 1, first: '2024-04-05', last: '2024-04-05', enough: false }),
        liveHorizon(10, { scored: 0, days: 0, coverage80: null, coverage95: null, relative_mae: null, first: null, last: null, enough: false }),
      ],
    });
    expect(section.textContent).toContain('147 of the 490 forecasts recorded have been scored so far.');
    expect(cards(section)).toEqual([
      {
        heading: '1 trading day ahead',
        figures: [],
        text: 'So far 49 forecasts 1 trading day ahead have been scored, over 1 trading day: too few to say how often the bands hold, so the figures appear once there are 30 over at least 10 trading days.',
      },
      {
        heading: '5 trading days ahead',
        figures: [],
        text: 'So far 1 forecast 5 trading days ahead has been scored, over 1 trading day: too few to say how often the bands hold, so the figures appear once there are 30 over at least 10 trading days.',
      },
      {
        heading: '10 trading days ahead',
        figures: [],
        text: 'No forecast 10 trading days ahead has been scored yet; the figures appear once there are 30 over at least 10 trading days.',
      },
    ]);
    expect(section.textContent).not.toMatch(/\d %/);
  });

  it('says when forecasts are recorded but none is scored yet, and when none is recorded', async () => {
    const waiting = await openLiveRecord({ ...LIVE_RECORD, recorded: 10, scored: 0, horizons: LIVE_RECORD.horizons.map((h) => ({ ...h, scored: 0, enough: false })) });
    expect(waiting.textContent).toContain('10 forecasts recorded; none has been scored yet, as the closes they forecast have not arrived.');
    expect(within(waiting).queryByRole('list')).toBeNull();
  });

  it('says when nothing is recorded yet', async () => {
    stubFetch(predictionServer({ live: () => json({ ...LIVE_RECORD, recorded: 0, scored: 0, since: null }) }));
    renderRoutes('/ai-predictions');
    expect(await screen.findByText(LIVE_RECORD_TEXTS.nothingRecorded, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Live record' })).toBeTruthy();
  });

  it('on a 390 px phone in the dark theme, stacks its horizons as cards with nothing kept on one line or scrolled', async () => {
    stubViewport(390, { dark: true });
    const section = await openLiveRecord();
    expect(within(section).queryByRole('table')).toBeNull();
    expect(within(section).getByRole('list').classList.contains('live-record-horizons')).toBe(true);
    expect(section.querySelectorAll('.nowrap, .scroll-table, [style]')).toHaveLength(0);
    expect(cards(section)).toHaveLength(3);
  });
});
