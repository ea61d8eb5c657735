import { indiaTime } from './backfill-plan';
import { freshness } from './freshness';

const live = { live: true, deadline: '21:30', asOfSource: 'nse' as const };

describe('freshness', () => {
  it('is current with no sentence when the last completed session is stored, over a weekend and a holiday too', () => {
    expect(freshness({ ...live, now: indiaTime('2024-11-22', '20:00'), asOf: '2024-11-22' })).toMatchObject({ stale: false, reason: 'current', sentence: null, last_session: '2024-11-22' });
    expect(freshness({ ...live, now: indiaTime('2024-11-24', '12:00'), asOf: '2024-11-22' })).toMatchObject({ stale: false, reason: 'current' });
    expect(freshness({ ...live, now: indiaTime('2024-11-20', '20:00'), asOf: '2024-11-19' })).toMatchObject({ stale: false, reason: 'current' });
  });

  it("says NSE has not published today's prices between the close and the deadline, then that updates are delayed", () => {
    const evening = freshness({ ...live, now: indiaTime('2024-11-25', '17:00'), asOf: '2024-11-22' });
    expect(evening).toMatchObject({ stale: true, reason: 'not_published' });
    expect(evening.sentence).toBe('NSE has not published the prices of 25 Nov 2024 yet; these are from 22 Nov 2024.');
    const late = freshness({ ...live, now: indiaTime('2024-11-25', '22:00'), asOf: '2024-11-22' });
    expect(late).toMatchObject({ stale: true, reason: 'delayed' });
    expect(late.sentence).toBe('Updates are delayed: these prices are from 22 Nov 2024, one trading session behind NSE.');
    expect(freshness({ ...live, now: indiaTime('2024-11-27', '10:00'), asOf: '2024-11-22' }).sentence).toBe(
      'Updates are delayed: these prices are from 22 Nov 2024, 2 trading sessions behind NSE.',
    );
  });

  it("marks a day the provider stood in for as provisional, and the bundled dataset as what it is", () => {
    expect(freshness({ ...live, asOfSource: 'provider', now: indiaTime('2024-11-25', '23:00'), asOf: '2024-11-25' })).toMatchObject({ stale: false, reason: 'provisional' });
    const offline = freshness({ live: false, deadline: '21:30', asOfSource: 'nse', now: new Date('2026-11-29T10:00:00Z'), asOf: '2024-03-28' });
    expect(offline).toMatchObject({ stale: true, reason: 'dataset', live: false });
    expect(offline.sentence).toBe('Prices end on 28 Mar 2024: this copy of Nivesh runs on the bundled NSE dataset and does not fetch newer days.');
  });

  it('says so when nothing is loaded', () => {
    expect(freshness({ ...live, now: new Date(), asOf: null })).toMatchObject({ stale: true, reason: 'empty', sentence: 'No prices have been loaded yet.' });
  });
});
