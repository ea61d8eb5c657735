import { forecastDates, illustrationOf } from './forecast.service';

describe('forecastDates', () => {
  it('labels a forecast from 28 Mar 2024 with NSE sessions: Good Friday and Id-Ul-Fitr are skipped', () => {
    expect(forecastDates('2024-03-28', 10)).toEqual([
      '2024-04-01', '2024-04-02', '2024-04-03', '2024-04-04', '2024-04-05',
      '2024-04-08', '2024-04-09', '2024-04-10', '2024-04-12', '2024-04-15',
    ]);
  });

  it('includes the special sessions NSE holds on a weekend, such as the Union Budget on Sunday 1 Feb 2026', () => {
    expect(forecastDates('2026-01-29', 3)).toEqual(['2026-01-30', '2026-02-01', '2026-02-02']);
  });
});

describe('illustrationOf (the education profile)', () => {
  const answer = {
    dates: ['2024-03-01', '2024-03-04', '2024-03-05'],
    lower80: [95, 94, 93],
    upper80: [105, 106, 107],
    lower95: [90, 89, 88],
    upper95: [110, 111, 112],
  };

  it('puts each forecast day’s actual close beside its bands, and counts the days each band held', () => {
    const series = [
      { date: '2024-02-29', close: 100 },
      { date: '2024-03-01', close: 104 },
      { date: '2024-03-04', close: 108 },
      { date: '2024-03-05', close: 120 },
    ];
    expect(illustrationOf(answer, series, '2024-02-29')).toEqual({
      lag_days: 30,
      latest: '2024-03-05',
      cutoff: '2024-02-29',
      outcome: {
        through: '2024-03-05',
        actual: [104, 108, 120],
        inside80: [true, false, false],
        inside95: [true, true, false],
        days: 3,
        hits80: 1,
        hits95: 2,
      },
    });
  });

  it('leaves the days still to come empty rather than guessing them', () => {
    const { outcome } = illustrationOf(answer, [{ date: '2024-03-01', close: 96 }], '2024-01-31');
    expect(outcome).toEqual({ through: '2024-03-01', actual: [96, null, null], inside80: [true, null, null], inside95: [true, null, null], days: 1, hits80: 1, hits95: 1 });
  });
});
