import { lastIndexOnOrBefore, lastIndexOnOrBeforeAt } from './dates';

describe('lastIndexOnOrBefore', () => {
  const closes = [{ date: '2024-03-26' }, { date: '2024-03-27' }, { date: '2024-03-28' }, { date: '2024-04-01' }];

  it('finds the date itself, or the last one before it across a gap such as a holiday weekend', () => {
    expect(lastIndexOnOrBefore(closes, '2024-03-27')).toBe(1);
    expect(lastIndexOnOrBefore(closes, '2024-03-30')).toBe(2);
    expect(lastIndexOnOrBefore(closes, '2024-12-31')).toBe(3);
  });

  it('answers -1 before the first date and for an empty series', () => {
    expect(lastIndexOnOrBefore(closes, '2024-03-25')).toBe(-1);
    expect(lastIndexOnOrBefore([], '2024-03-25')).toBe(-1);
  });

  it('reads dates held apart from their values', () => {
    const dates = closes.map((close) => close.date);
    for (const day of ['2024-03-25', '2024-03-26', '2024-03-29', '2024-04-02']) {
      expect(lastIndexOnOrBeforeAt(dates.length, (index) => dates[index]!, day)).toBe(lastIndexOnOrBefore(closes, day));
    }
  });
});
