import { Injectable } from '@nestjs/common';
import { DomainError, type MarketRisk, RISK_HISTORY_SESSIONS, type RiskQuery, INDEX_SYMBOL } from '@nivesh/proto';
import { shortHistory } from '../quotes/short-history';
import { BarStore, yearsBefore } from '../bars/bar-store';
import { assessRisk } from './risk';

const RANGE_YEARS: Record<Exclude<RiskQuery['range'], 'max'>, number> = { '1y': 1, '5y': 5 };

/**
 * Risk metrics and unusual-trading flags of one symbol over a range of its adjusted daily bars: the bars after the
 * same calendar date 1 or 5 years before its latest bar, or all of them ('max'). Corporate-action ex-dates raise no
 * gap or limit-move flag. See `assessRisk`.
 */
@Injectable()
export class RiskService {
  constructor(private readonly store: BarStore) {}

  async risk({ symbol, range }: RiskQuery): Promise<MarketRisk> {
    const info = await this.store.symbolInfo(symbol);
    // All of the history: adjustment needs every action anyway, and the flags look back before the range.
    const [bars, actions] = await Promise.all([this.store.bars(symbol), this.store.actions(symbol)]);
    if (!bars.length) throw new DomainError('not_found', 'No prices for this symbol');
    const asOf = bars[bars.length - 1]!.date;
    const from = range === 'max' ? null : yearsBefore(asOf, RANGE_YEARS[range]);
    const start = from === null ? 0 : bars.findIndex((bar) => bar.date > from);
    const index = symbol === INDEX_SYMBOL ? bars : await this.store.bars(INDEX_SYMBOL, { since: bars[start]!.date });
    const actionDates = new Set(actions.map((action) => action.ex_date));
    return {
      symbol,
      company: info.company,
      as_of: asOf,
      ...assessRisk(bars, start, index, actionDates),
      short_history: await shortHistory(this.store, info, bars, RISK_HISTORY_SESSIONS),
    };
  }
}
