import { Injectable } from '@nestjs/common';
import { DomainError, type MarketInsights, type MarketSymbolQuery, INDEX_SYMBOL } from '@nivesh/proto';
import { NOT_CLASSIFIED } from '../common/market-constants';
import { BarStore, yearsBefore } from '../bars/bar-store';
import { buildInsights } from './insights';

/**
 * Deep insights of one symbol from its adjusted daily bars: horizon returns against NIFTY 50, drawdown history,
 * monthly seasonality, last-year correlation with NIFTY 50 and its industry's other stocks, volume profile.
 * See `buildInsights`.
 */
@Injectable()
export class InsightsService {
  constructor(private readonly store: BarStore) {}

  async insights({ symbol }: MarketSymbolQuery): Promise<MarketInsights> {
    const info = await this.store.symbolInfo(symbol);
    const [bars, index, stocks] = await Promise.all([
      this.store.bars(symbol),
      symbol === INDEX_SYMBOL ? null : this.store.bars(INDEX_SYMBOL),
      this.store.stocks(),
    ]);
    if (!bars.length) throw new DomainError('not_found', 'No prices for this symbol');
    const asOf = bars[bars.length - 1]!.date;
    const yearStart = yearsBefore(asOf, 1);
    // Stocks added from the bhavcopy alone share no industry, only the lack of one: hundreds of them, none a peer.
    const peerInfo = info.industry === NOT_CLASSIFIED ? [] : stocks.filter((stock) => stock.industry === info.industry && stock.symbol !== symbol);
    const peers = await Promise.all(
      peerInfo.map(async (peer) => ({ symbol: peer.symbol, company: peer.company, points: await this.store.bars(peer.symbol, { since: yearStart }) })),
    );
    return { symbol, company: info.company, industry: info.industry, as_of: asOf, nifty_as_of: (index ?? bars).at(-1)?.date ?? null, ...buildInsights(bars, index ?? bars, peers, yearStart) };
  }
}
