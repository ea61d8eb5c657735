import { datesReversed, filtersFromParams, newsQuery, paramsWithFilters } from './news-filters';

describe('news filters in the address', () => {
  it('reads the filters, ignoring what is malformed', () => {
    expect(filtersFromParams(new URLSearchParams('symbol=infy&kind=results&tone=positive&from=2024-01-01&to=2024-03-31&page=3'))).toEqual({
      symbol: 'INFY',
      kind: 'results',
      tone: 'positive',
      from: '2024-01-01',
      to: '2024-03-31',
      page: 3,
    });
    expect(filtersFromParams(new URLSearchParams('symbol=<b>&kind=rumours&tone=angry&from=yesterday&page=-2'))).toEqual({
      symbol: undefined,
      kind: undefined,
      tone: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
  });

  it('writes them back beside the other parameters, leaving out page 1 and what is unset', () => {
    const params = paramsWithFilters(new URLSearchParams('other=1&tone=negative&page=4'), { symbol: 'M&M', kind: 'press', page: 1 });
    expect(params.toString()).toBe('other=1&symbol=M%26M&kind=press');
  });

  it('asks the server for the page, and knows a reversed range', () => {
    expect(newsQuery({ symbol: 'TCS', page: 2 }, 20)).toEqual({ symbol: 'TCS', kind: undefined, tone: undefined, from: undefined, to: undefined, page: '2', page_size: '20' });
    expect(datesReversed({ from: '2024-03-01', to: '2024-01-01', page: 1 })).toBe(true);
    expect(datesReversed({ from: '2024-01-01', to: '2024-01-01', page: 1 })).toBe(false);
  });
});
