import type { MarketSymbolInfo, ShortHistory } from '@nivesh/proto';
import type { BarStore } from '../bars/bar-store';

/**
 * The symbol's history when it holds fewer than `needed` sessions, else undefined (the answer leaves it out).
 * `latest` are the symbol's latest bars the answer has already read (ascending): when they reach back to its first
 * stored day they are all of them and are counted as they are, at no further read; only a symbol with a gap in its
 * history (a few old days, then a long pause) has its bars read again to be counted.
 */
export const shortHistory = async (store: BarStore, info: MarketSymbolInfo, latest: readonly { date: string }[], needed: number): Promise<ShortHistory | undefined> => {
  if (latest.length >= needed) return undefined;
  const all = latest.length > 0 && latest[0]!.date <= info.first_date ? latest : await store.bars(info.symbol, { raw: true });
  return all.length >= needed || !all.length ? undefined : { sessions: all.length, first_date: all[0]!.date, needed };
};
