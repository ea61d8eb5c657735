import { screen, waitFor } from '@testing-library/react';
import { json, never, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';
import { TRACK_RECORD, predictionServer, trackRow } from '../testing/fixtures';

const NAIVE = { model: 'naive', model_name: 'No change (naive)', beats_naive: false, relative_mae: { h1: 1, h5: 1, h10: 1 } };

/** The page's lead under its title, once the page has loaded. */
const openLead = async (accuracy: () => Response | Promise<Response>) => {
  stubFetch(predictionServer({ accuracy }));
  renderRoutes('/ai-predictions');
  const title = await screen.findByRole('heading', { level: 1, name: 'AI Price Predictions' }, { timeout: 5000 });
  return { eyebrow: title.previousElementSibling?.textContent, lead: () => title.nextElementSibling?.textContent ?? '' };
};

const firstSentence = (text: string) => text.split(/(?<=\.)\s+/)[0];

describe('TrendVision’s first sentence', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('says plainly that nothing beat “no change” on past data when no model did, keeping the seed’s names', async () => {
    const { eyebrow, lead } = await openLead(() => json({ ...TRACK_RECORD, rows: TRACK_RECORD.rows.map((row) => ({ ...row, ...NAIVE })) }));
    await waitFor(() =>
      expect(firstSentence(lead())).toBe(
        'A statistical forecast; on past data, nothing beat “no change” for any of the 3 symbols tested, so every forecast is the last close, with the range the price usually moves in.',
      ),
    );
    expect(eyebrow).toBe('TrendVision');
    expect(lead()).toContain('on the 10 trading days after the prices it is made from, with 80 % and 95 % bands');
  });

  it('counts the symbols a model beat “no change” for, when some were', async () => {
    const { lead } = await openLead(() => json(TRACK_RECORD));
    await waitFor(() =>
      expect(firstSentence(lead())).toBe(
        'A statistical forecast; on past data, a model beat “no change” for only 2 of the 3 symbols tested, and for the rest the forecast is the last close, with the range the price usually moves in.',
      ),
    );
  });

  it('reads right for a single symbol', async () => {
    const { lead } = await openLead(() => json({ ...TRACK_RECORD, rows: [trackRow('TCS', NAIVE)] }));
    await waitFor(() => expect(firstSentence(lead())).toMatch(/^A statistical forecast; on past data, nothing beat “no change” for the one symbol tested, /));
  });

  it('says so when a model beat “no change” for every symbol', async () => {
    const { lead } = await openLead(() => json({ ...TRACK_RECORD, rows: [trackRow('INFY'), trackRow('RELIANCE'), trackRow('TCS')] }));
    await waitFor(() => expect(firstSentence(lead())).toBe('A statistical forecast; on past data, a model beat “no change” for all 3 symbols tested.'));
  });

  it('claims nothing about past results while the track record is unknown', async () => {
    const { lead } = await openLead(() => never());
    expect(firstSentence(lead())).toBe('A statistical forecast, measured on past data against simply assuming no change.');
  });
});
