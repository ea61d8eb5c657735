import { indiaTime, planBackfill } from './backfill-plan';

const at = (iso: string) => new Date(iso);

describe('planBackfill', () => {
  it('asks for nothing when the last completed session is stored, on a weekend or a holiday alike', () => {
    // Friday 22 Nov 2024 stored; Saturday evening and Monday morning (before the close) have nothing new.
    expect(planBackfill({ now: at('2024-11-23T14:00:00Z'), doneThrough: '2024-11-22', archiveFrom: '2024-07-08', maxDays: 20 })).toEqual({ target: '2024-11-22', provider: [], nse: [], deferred: 0 });
    expect(planBackfill({ now: indiaTime('2024-11-25', '10:00'), doneThrough: '2024-11-22', archiveFrom: '2024-07-08', maxDays: 20 }).nse).toEqual([]);
    // 20 Nov 2024 was a trading holiday (Maharashtra assembly election): 19 Nov stored is current that evening.
    expect(planBackfill({ now: indiaTime('2024-11-20', '20:00'), doneThrough: '2024-11-19', archiveFrom: '2024-07-08', maxDays: 20 }).nse).toEqual([]);
  });

  it('asks for the day once its session has closed (15:30 India time), not before', () => {
    expect(planBackfill({ now: indiaTime('2024-11-25', '15:29'), doneThrough: '2024-11-22', archiveFrom: '2024-07-08', maxDays: 20 }).nse).toEqual([]);
    expect(planBackfill({ now: indiaTime('2024-11-25', '18:00'), doneThrough: '2024-11-22', archiveFrom: '2024-07-08', maxDays: 20 })).toEqual({
      target: '2024-11-25',
      provider: [],
      nse: ['2024-11-25'],
      deferred: 0,
    });
  });

  it('backfills every missed session in order after an outage, skipping holidays, bounded per run', () => {
    // Stopped after 13 Nov 2024; back on the evening of 22 Nov. 15 Nov (Guru Nanak Jayanti) and 20 Nov are holidays.
    const plan = planBackfill({ now: indiaTime('2024-11-22', '19:00'), doneThrough: '2024-11-13', archiveFrom: '2024-07-08', maxDays: 4 });
    expect(plan.nse).toEqual(['2024-11-14', '2024-11-18', '2024-11-19', '2024-11-21']);
    expect(plan.deferred).toBe(1);
    const next = planBackfill({ now: indiaTime('2024-11-22', '19:20'), doneThrough: '2024-11-21', archiveFrom: '2024-07-08', maxDays: 4 });
    expect(next.nse).toEqual(['2024-11-22']);
  });

  it("sends days older than NSE's archive to the provider, and the rest to NSE", () => {
    const plan = planBackfill({ now: indiaTime('2024-07-10', '20:00'), doneThrough: '2024-07-02', archiveFrom: '2024-07-08', maxDays: 20 });
    expect(plan.provider).toEqual(['2024-07-03', '2024-07-04', '2024-07-05']);
    expect(plan.nse).toEqual(['2024-07-08', '2024-07-09', '2024-07-10']);
  });

  it('does nothing before the first import', () => {
    expect(planBackfill({ now: indiaTime('2024-07-10', '20:00'), doneThrough: null, archiveFrom: '2024-07-08', maxDays: 20 }).nse).toEqual([]);
  });
});
