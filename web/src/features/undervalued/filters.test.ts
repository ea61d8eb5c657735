import {
  filterEntries,
  filtersFromInputs,
  filtersFromParams,
  symbolFromParams,
  withFilters,
  withSymbol,
} from './filters';

describe('screener filters in the address', () => {
  it('reads the bounds it knows, as numbers, and ignores the rest', () => {
    expect(
      filtersFromParams(
        new URLSearchParams('pe_max=25&roe_min=15.5&pb_min=&debt_to_equity_max=abc&junk=3&net_margin_min=1'),
      ),
    ).toEqual({
      pe_max: 25,
      roe_min: 15.5,
    });
    expect(filtersFromParams(new URLSearchParams('earnings_yield_min=-2&dividend_payout_max=0'))).toEqual({
      earnings_yield_min: -2,
      dividend_payout_max: 0,
    });
  });

  it('takes the typed boxes, an empty one meaning no limit', () => {
    expect(filtersFromInputs({ pe_max: '25', pe_min: '', roe_min: ' 15 ', pb_max: 'x' })).toEqual({
      pe_max: 25,
      roe_min: 15,
    });
  });

  it('writes the filters in one order, each measure’s lowest before its highest, keeping the stock shown first', () => {
    expect(filterEntries({ roe_min: 15, pe_max: 25, pe_min: 5 })).toEqual([
      ['pe_min', '5'],
      ['pe_max', '25'],
      ['roe_min', '15'],
    ]);
    expect(
      withFilters(new URLSearchParams('symbol=INFY&roe_min=10&pb_max=2'), { pe_max: 25, roe_min: 15 }).toString(),
    ).toBe('symbol=INFY&pe_max=25&roe_min=15');
    expect(withFilters(new URLSearchParams('pe_max=25&symbol=INFY'), {}).toString()).toBe('symbol=INFY');
  });

  it('opens a stock with the filters kept, and reads only a plausible symbol', () => {
    expect(withSymbol(new URLSearchParams('pe_max=25&symbol=TCS'), 'M&M').toString()).toBe('pe_max=25&symbol=M%26M');
    expect(symbolFromParams(new URLSearchParams('symbol=infy'))).toBe('INFY');
    expect(symbolFromParams(new URLSearchParams('symbol=M%26M'))).toBe('M&M');
    expect(symbolFromParams(new URLSearchParams('symbol=%3Cscript%3E'))).toBeNull();
    expect(symbolFromParams(new URLSearchParams(''))).toBeNull();
  });
});
