import type { ActionKind } from './corporate-actions';

/** A curated corporate action of the shared dataset's stocks, stored with source 'dataset'. */
export type DatasetAction = {
  symbol: string;
  ex_date: string;
  kind: ActionKind;
  /** New shares per old share (share-count kinds), else null. */
  ratio: number | null;
  /** Prices before the ex-date are multiplied by it: 1/ratio, or the ex-date price against the previous close. */
  factor: number;
  note: string | null;
  source_url: string | null;
};

const shareChange =
  (kind: 'split' | 'bonus' | 'split_bonus') =>
  (symbol: string, ex_date: string, ratio: number, note: string | null = null, source_url: string | null = null): DatasetAction => ({
    symbol,
    ex_date,
    kind,
    ratio,
    factor: 1 / ratio,
    note,
    source_url,
  });
const split = shareChange('split');
const bonus = shareChange('bonus');
const splitBonus = shareChange('split_bonus');

const priceChange =
  (kind: 'demerger' | 'rights' | 'special_dividend') =>
  (symbol: string, ex_date: string, factor: number, note: string, source_url: string): DatasetAction => ({ symbol, ex_date, kind, ratio: null, factor, note, source_url });
const demerger = priceChange('demerger');
const rights = priceChange('rights');
const specialDividend = priceChange('special_dividend');

/** Theoretical ex-rights factor: `held` shares at the previous close plus `offered` at `price`, over the new share count. */
export const rightsFactor = (offered: number, held: number, price: number, previousClose: number): number =>
  (held * previousClose + offered * price) / ((held + offered) * previousClose);

/**
 * Corporate actions of the shared dataset's stocks (../shared/data/nse), 2000-01-03 to 2024-03-28.
 *
 * Splits and bonus issues: the 76 overnight drops of more than 40 % and the bonus issues among the 20-40 % drops that
 * the dataset's README lists, plus bonus issues the detector finds, each labelled from its face-value history: a
 * split lowers the face value (e.g. HDFCBANK 2019: ₹2 to ₹1), a bonus issue keeps it, and a split with a bonus on one
 * day (ITC 2005: ₹10 to ₹1 and 1:2) stores the product of the two ratios. The ratio is new shares per old share
 * (2 for a 1:1 bonus or a 2-for-1 split, 10 for a ₹10 to ₹1 split); factor = 1/ratio.
 *
 * Demergers, rights issues and special dividends (bonus debentures) inside each stock's data range, with the factor
 * prices before the ex-date are multiplied by:
 *
 * | symbol | ex-date | what | factor | source |
 * |---|---|---|---|---|
 * | RELIANCE | 2006-01-18 | Demerger of the Anil Ambani group businesses (communications, energy, capital, gas) | 714.35 / 928.50 = 0.769 (NSE special-session price; the file's open of 580.10 is a stray trade) | http://www.telegraphindia.com/1060119/asp/frontpage/story_5739839.asp |
 * | RELIANCE | 2023-07-20 | Demerger of Jio Financial Services | 2,580 / 2,841.85 = 0.908 (special pre-open session) | https://www.financialexpress.com/market/reliance-industries-pre-open-auction-ends-price-settles-at-rs-2580-jio-financial-services-shares-at-rs-261-85/3178962/ |
 * | GRASIM | 2010-05-26 | Demerger of the cement business into Samruddhi Cement | 1,978 / 2,319 = 0.853 (open) | http://bhavikkshah.blogspot.com/2010/05/update-grasim-ind-samruddhi-demerger.html |
 * | GRASIM | 2017-07-19 | Demerger of Aditya Birla Capital (financial services) | 1,070.05 / 1,307.80 = 0.818 (open) | https://www.business-standard.com/amp/article/markets/grasim-industries-trades-ex-date-for-spin-off-117071900238_1.html |
 * | ZEEL | 2006-12-18 | Demerger of Zee News and Wire and Wireless India | 278.80 / 342 = 0.815 (open) | https://www.zee.com/in-the-news/zee-telefilms-limited-ztl-getting-demerged-demerged-ztl-shares-start-trading-from-december-18 |
 * | WIPRO | 2013-04-09 | Demerger of Wipro Enterprises (consumer care, lighting, engineering) | 407 / 448.80 = 0.907 (open) | https://indianexpress.com/article/news-archive/web/wipro-shares-fall-12-after-demerger-of-nonit-business/ |
 * | BRITANNIA | 2010-03-08 | Bonus debenture of ₹170 per share | 1 - 170 / 1,767.40 = 0.904 | https://dokumen.tips/documents/declaration-of-bonus-debenture-a-case-of-britannia-.html |
 * | BRITANNIA | 2019-08-22 | Bonus debenture of ₹30 per share | 1 - 30 / 2,384.50 = 0.987 | https://tradingqna.com/t/when-is-the-ex-date-for-britannia/99001 |
 * | BRITANNIA | 2021-05-26 | Bonus debenture of ₹29 per share | 1 - 29 / 3,439.50 = 0.992 | https://www.dtnext.in/News/Business/2021/06/03154129/1298476/Britannia-Industries-to-raise-Rs-69851-cr-via-bonus-.vpf |
 * | BHARTIARTL | 2019-04-23 | Rights issue of 19 shares for every 67 at ₹220 | theoretical ex-rights price / 349.40 = 0.918 | https://timesofindia.indiatimes.com/business/india-business/airtel-rights-issue-gets-oversubscribed/articleshow/69566332.cms |
 * | BHARTIARTL | 2021-09-27 | Rights issue of 1 share for every 14 at ₹535 | theoretical ex-rights price / 739.40 = 0.982 | https://tradingqna.com/t/everything-you-need-to-know-about-the-bharti-airtel-rights-issue/119274 |
 * | RELIANCE | 2020-05-13 | Rights issue of 1 share for every 15 at ₹1,257 | theoretical ex-rights price / 1,479.25 = 0.991 | https://www.moneycontrol.com/news/business/stocks/ril-share-price-rises-2-as-right-issue-opens-for-subscription-5290741.html |
 *
 * Looked at and left out: L&T's demerger of UltraTech (record date 2004-05-27) and Bajaj Auto's demerger of Bajaj
 * Finserv (2008) fall before those files start (2004-06-23, 2008-05-26). ZEEL's demerger of Dish TV (the fall of
 * 2007-02-12) and Sun Pharma's demerger of SPARC (record date 2007-04-30, with no matching move in the file; the
 * 7 % gap of 2007-04-23 may be it) have no ex-date found in a source: the first is left to the importer's list of
 * flagged moves for an operator to classify, the second is not adjusted.
 */
export const DATASET_ACTIONS: readonly DatasetAction[] = [
  split('ADANIPORTS', '2010-09-23', 5, 'Face value ₹10 to ₹2'),
  bonus('ASIANPAINT', '2000-08-02', 5 / 3),
  bonus('ASIANPAINT', '2003-08-22', 1.5),
  split('ASIANPAINT', '2013-07-30', 10, 'Face value ₹10 to ₹1'),
  split('AXISBANK', '2014-07-28', 5, 'Face value ₹10 to ₹2'),
  bonus('BAJAJ-AUTO', '2010-09-08', 2),
  splitBonus('BAJAJFINSV', '2022-09-13', 10, 'Face value ₹5 to ₹1 and a 1:1 bonus issue'),
  splitBonus('BAJFINANCE', '2016-09-08', 10, 'Face value ₹10 to ₹2 and a 1:1 bonus issue'),
  rights('BHARTIARTL', '2019-04-23', rightsFactor(19, 67, 220, 349.4), 'Rights issue of 19 shares for every 67 at ₹220', 'https://timesofindia.indiatimes.com/business/india-business/airtel-rights-issue-gets-oversubscribed/articleshow/69566332.cms'),
  split('BHARTIARTL', '2009-07-24', 2, 'Face value ₹10 to ₹5'),
  rights('BHARTIARTL', '2021-09-27', rightsFactor(1, 14, 535, 739.4), 'Rights issue of 1 share for every 14 at ₹535', 'https://tradingqna.com/t/everything-you-need-to-know-about-the-bharti-airtel-rights-issue/119274'),
  bonus('BPCL', '2000-12-20', 2),
  bonus('BPCL', '2012-07-13', 2),
  bonus('BPCL', '2016-07-13', 2),
  bonus('BPCL', '2017-07-13', 1.5),
  specialDividend('BRITANNIA', '2010-03-08', 1 - 170 / 1767.4, 'Bonus debenture of ₹170 per share', 'https://dokumen.tips/documents/declaration-of-bonus-debenture-a-case-of-britannia-.html'),
  // The dataset's README read this 0.227 close as a 1:3 bonus; it was a ₹10 to ₹2 split (the open is 0.203 of the previous close).
  split('BRITANNIA', '2010-09-08', 5, 'Face value ₹10 to ₹2', 'https://www.moneycontrol.com/news/business/britannia-industries-to-split-stock-in-12-ratio-2874801.html'),
  split('BRITANNIA', '2018-11-29', 2, 'Face value ₹2 to ₹1', 'https://www.moneycontrol.com/news/business/britannia-industries-to-split-stock-in-12-ratio-2874801.html'),
  specialDividend('BRITANNIA', '2019-08-22', 1 - 30 / 2384.5, 'Bonus debenture of ₹30 per share', 'https://tradingqna.com/t/when-is-the-ex-date-for-britannia/99001'),
  specialDividend('BRITANNIA', '2021-05-26', 1 - 29 / 3439.5, 'Bonus debenture of ₹29 per share', 'https://www.dtnext.in/News/Business/2021/06/03154129/1298476/Britannia-Industries-to-raise-Rs-69851-cr-via-bonus-.vpf'),
  split('CIPLA', '2004-05-12', 5, 'Face value ₹10 to ₹2'),
  bonus('CIPLA', '2006-04-24', 2.5),
  split('DRREDDY', '2001-10-15', 2, 'Face value ₹10 to ₹5'),
  bonus('DRREDDY', '2006-08-28', 2),
  split('EICHERMOT', '2020-08-24', 10, 'Face value ₹10 to ₹1'),
  bonus('GAIL', '2008-10-06', 1.5, null, 'https://business-standard.com/article/markets/gail-india-gains-on-bonus-issue-plan-117011900372_1.html'),
  bonus('GAIL', '2017-03-09', 4 / 3, null, 'https://ibtimes.co.in/gail-india-recommends-13-bonus-issue-85-interim-dividend-joins-ongc-ioc-hpcl-bpcl-713877'),
  bonus('GAIL', '2018-03-27', 4 / 3),
  bonus('GAIL', '2019-07-09', 2),
  bonus('GAIL', '2022-09-06', 1.5, null, 'https://besthinditips.in/web-stories/gail-share-price/'),
  demerger('GRASIM', '2010-05-26', 1978 / 2319, 'Demerger of the cement business into Samruddhi Cement', 'http://bhavikkshah.blogspot.com/2010/05/update-grasim-ind-samruddhi-demerger.html'),
  split('GRASIM', '2016-10-06', 5, 'Face value ₹10 to ₹2', 'https://business-standard.com/amp/article/pti-stories/grasim-to-issue-15-shares-for-every-10-abnl-shares-116100601342_1.html'),
  demerger('GRASIM', '2017-07-19', 1070.05 / 1307.8, 'Demerger of Aditya Birla Capital', 'https://www.business-standard.com/amp/article/markets/grasim-industries-trades-ex-date-for-spin-off-117071900238_1.html'),
  split('HCLTECH', '2000-11-29', 2, 'Face value ₹4 to ₹2'),
  bonus('HCLTECH', '2007-03-15', 2),
  bonus('HCLTECH', '2015-03-19', 2),
  bonus('HCLTECH', '2019-12-05', 2),
  split('HDFCBANK', '2011-07-14', 5, 'Face value ₹10 to ₹2'),
  split('HDFCBANK', '2019-09-19', 2, 'Face value ₹2 to ₹1'),
  split('HEROMOTOCO', '2001-03-14', 5, 'Face value ₹10 to ₹2'),
  split('HINDALCO', '2005-08-30', 10, 'Face value ₹10 to ₹1'),
  split('HINDUNILVR', '2000-07-05', 10, 'Face value ₹10 to ₹1'),
  split('ICICIBANK', '2014-12-04', 5, 'Face value ₹10 to ₹2'),
  split('INFY', '2000-01-27', 2, 'Face value ₹10 to ₹5'),
  bonus('INFY', '2004-07-01', 4, null, 'http://world.rediff.com/money/2004/apr/23bonus.htm?zcc=ar'),
  bonus('INFY', '2006-07-13', 2),
  bonus('INFY', '2014-12-02', 2),
  bonus('INFY', '2015-06-15', 2),
  bonus('INFY', '2018-09-04', 2),
  bonus('IOC', '2003-08-14', 5 / 3, null, 'https://business-standard.com/amp/article/companies/after-ril-ioc-to-dole-out-1-1-bonus-for-shareholders-109102000181_1.html'),
  bonus('IOC', '2009-10-29', 2, null, 'https://business-standard.com/amp/article/companies/after-ril-ioc-to-dole-out-1-1-bonus-for-shareholders-109102000181_1.html'),
  bonus('IOC', '2016-10-18', 2),
  bonus('IOC', '2018-03-15', 2),
  bonus('IOC', '2022-06-30', 1.5, null, 'https://www.livemint.com/market/stock-market-news/indian-oil-bonus-shares-record-date-next-week-what-investors-need-to-know-11656045058733.html'),
  splitBonus('ITC', '2005-09-21', 15, 'Face value ₹10 to ₹1 and a 1:2 bonus issue'),
  bonus('ITC', '2010-08-03', 2),
  bonus('ITC', '2016-07-01', 1.5),
  split('JSWSTEEL', '2017-01-04', 10, 'Face value ₹10 to ₹1'),
  bonus('KOTAKBANK', '2004-08-25', 2),
  bonus('KOTAKBANK', '2005-08-25', 2),
  split('KOTAKBANK', '2010-09-13', 2, 'Face value ₹10 to ₹5'),
  bonus('KOTAKBANK', '2015-07-08', 2),
  bonus('LT', '2006-09-28', 2),
  bonus('LT', '2008-10-01', 2),
  bonus('LT', '2013-07-11', 1.5),
  bonus('LT', '2017-07-13', 1.5),
  bonus('M&M', '2005-09-01', 2),
  split('M&M', '2010-03-29', 2, 'Face value ₹10 to ₹5'),
  bonus('M&M', '2017-12-21', 2),
  split('NESTLEIND', '2024-01-05', 10, 'Face value ₹10 to ₹1'),
  bonus('NTPC', '2019-03-19', 1.2),
  bonus('ONGC', '2006-10-27', 1.5),
  splitBonus('ONGC', '2011-02-08', 4, 'Face value ₹10 to ₹5 and a 1:1 bonus issue'),
  bonus('ONGC', '2016-12-15', 1.5, null, 'https://ibtimes.co.in/gail-india-recommends-13-bonus-issue-85-interim-dividend-joins-ongc-ioc-hpcl-bpcl-713877'),
  bonus('POWERGRID', '2021-07-29', 4 / 3),
  bonus('POWERGRID', '2023-09-12', 4 / 3),
  demerger('RELIANCE', '2006-01-18', 714.35 / 928.5, 'Demerger of the Anil Ambani group businesses', 'http://www.telegraphindia.com/1060119/asp/frontpage/story_5739839.asp'),
  bonus('RELIANCE', '2009-11-26', 2),
  bonus('RELIANCE', '2017-09-07', 2),
  rights('RELIANCE', '2020-05-13', rightsFactor(1, 15, 1257, 1479.25), 'Rights issue of 1 share for every 15 at ₹1,257', 'https://www.moneycontrol.com/news/business/stocks/ril-share-price-rises-2-as-right-issue-opens-for-subscription-5290741.html'),
  demerger('RELIANCE', '2023-07-20', 2580 / 2841.85, 'Demerger of Jio Financial Services', 'https://www.financialexpress.com/market/reliance-industries-pre-open-auction-ends-price-settles-at-rs-2580-jio-financial-services-shares-at-rs-261-85/3178962/'),
  split('SBIN', '2014-11-20', 10, 'Face value ₹10 to ₹1'),
  bonus('SUNPHARMA', '2000-03-08', 3, null, 'https://cultinvestor.com/?p=3089'),
  split('SUNPHARMA', '2003-01-13', 2, 'Face value ₹10 to ₹5', 'http://profilefacts.blogspot.com/2010/09/sun-pharma-plans.html'),
  bonus('SUNPHARMA', '2004-05-27', 2, null, 'http://world.rediff.com/money/2004/apr/23bonus.htm?zcc=ar'),
  split('SUNPHARMA', '2010-11-25', 5, 'Face value ₹5 to ₹1', 'http://profilefacts.blogspot.com/2010/09/sun-pharma-plans.html'),
  bonus('SUNPHARMA', '2013-07-29', 2),
  split('TATAMOTORS', '2011-09-12', 5, 'Face value ₹10 to ₹2'),
  bonus('TATASTEEL', '2004-08-11', 1.5),
  split('TATASTEEL', '2022-07-28', 10, 'Face value ₹10 to ₹1'),
  bonus('TCS', '2006-07-28', 2),
  bonus('TCS', '2009-06-16', 2),
  bonus('TCS', '2018-05-31', 2),
  splitBonus('TECHM', '2015-03-19', 4, 'Face value ₹10 to ₹5 and a 1:1 bonus issue'),
  splitBonus('TITAN', '2011-06-23', 20, 'Face value ₹10 to ₹1 and a 1:1 bonus issue'),
  split('UPL', '2005-09-27', 5, 'Face value ₹10 to ₹2'),
  bonus('UPL', '2008-10-29', 2),
  bonus('UPL', '2019-07-02', 1.5),
  bonus('VEDL', '2005-02-16', 2),
  splitBonus('VEDL', '2008-08-08', 20, 'Face value ₹10 to ₹1 and a 1:1 bonus issue'),
  bonus('WIPRO', '2004-06-25', 3, null, 'http://world.rediff.com/money/2004/apr/23bonus.htm?zcc=ar'),
  bonus('WIPRO', '2005-08-22', 2),
  bonus('WIPRO', '2010-06-15', 5 / 3),
  demerger('WIPRO', '2013-04-09', 407 / 448.8, 'Demerger of Wipro Enterprises', 'https://indianexpress.com/article/news-archive/web/wipro-shares-fall-12-after-demerger-of-nonit-business/'),
  bonus('WIPRO', '2017-06-13', 2),
  bonus('WIPRO', '2019-03-06', 4 / 3),
  demerger('ZEEL', '2006-12-18', 278.8 / 342, 'Demerger of Zee News and Wire and Wireless India', 'https://www.zee.com/in-the-news/zee-telefilms-limited-ztl-getting-demerged-demerged-ztl-shares-start-trading-from-december-18'),
  bonus('ZEEL', '2010-11-11', 2),
];

/**
 * Share-count changes after the price files end (2024-03-28), which the fundamentals need: filings published after an
 * ex-date state EPS on the new share count, earlier ones on the old. Each ratio is confirmed by the filings' own share
 * counts (paid-up capital ÷ face value) before and after (services/market/test/fundamentals.int-spec.ts). Prices are not
 * adjusted by them until bars after the ex-date are imported (`adjustBars` applies actions up to the last bar).
 */
export const LATER_ACTIONS: readonly DatasetAction[] = [
  bonus('BPCL', '2024-06-21', 2, '1:1 bonus issue (record date 22 June 2024)'),
  split('DRREDDY', '2024-10-28', 5, 'Face value ₹5 to ₹1'),
  bonus('RELIANCE', '2024-10-28', 2, '1:1 bonus issue'),
  bonus('WIPRO', '2024-12-03', 2, '1:1 bonus issue'),
];
