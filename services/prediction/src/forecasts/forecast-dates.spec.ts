import { forecastDates } from './forecast.service';

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
