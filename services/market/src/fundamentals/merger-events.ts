import type { Merger } from './derive';

/** A merger or amalgamation into one of the shared dataset's stocks, with its source. */
export type MergerEvent = Merger & {
  symbol: string;
  /** The day that fixed who received the new shares. */
  record_date: string;
  /** The share exchange, in words. */
  exchange: string;
  /** The company's shares in issue before and after, as its filings give them (paid-up capital ÷ face value). */
  shares: { before: number; after: number };
  source_url: string;
};

/**
 * Mergers and amalgamations of FY2018–FY2025 that changed a stock's share base or balance sheet materially. From the
 * day one takes effect, the fundamentals use only results and balance sheets from after it (see `FilingBook`).
 *
 * | symbol | effective | what | shares (filings) | source |
 * |---|---|---|---|---|
 * | GRASIM | 2017-07-01 | Amalgamation of Aditya Birla Nuvo, 15 Grasim shares for 10 (record date 2017-07-06) | 467 → 656 million (+40 %); FY2018's year mixes three months before it | https://www.business-standard.com/article/markets/aditya-birla-nuvo-hits-record-high-grasim-industries-up-3-in-weak-market-117062700374_1.html |
 * | INDUSINDBK | 2019-07-04 | Amalgamation of Bharat Financial Inclusion, 639 shares for 1,000 (record date the same day) | 603 → 693 million (+15 %) | https://www.moneycontrol.com/news/business/markets/indusind-bank-bharat-financial-record-date-merger-4118221.html |
 * | HINDUNILVR | 2020-04-01 | Amalgamation of GlaxoSmithKline Consumer Healthcare, 4.39 shares for 1 (record date 2020-04-17) | 2,160 → 2,350 million (+9 %); equity ₹8,013 crore (March 2020) → ₹47,439 crore (March 2021), mostly the brands taken over | https://www.cnbctv18.com/retail/hul-completes-merger-of-gsk-consumer-with-itself-5602721.htm |
 * | HDFCBANK | 2023-07-01 | Amalgamation of HDFC Ltd., 42 shares for 25 (record date 2023-07-13) | 5,592 → 7,582 million (+36 %); equity ₹2,89,438 crore (March 2023) → ₹4,53,743 crore (March 2024) | https://www.cnbctv18.com/market/stocks/hdfc-hdfc-bank-boards-approve-july-1-as-effective-date-of-merger-july-13-as-record-date-17087991.htm |
 *
 * GRASIM's effective day is the first day of the quarter its results combine the two from: its FY2018 EPS implies
 * 606 million shares on average (three months at 467, nine at 656) and the January–March 2018 quarter 657 million.
 * INDUSINDBK's results combine Bharat Financial from the July–September 2019 quarter, whose filing is not in the data.
 *
 * Looked at and left out (each stock's share counts and equity across FY2018–FY2025 were scanned for jumps that no
 * split or bonus issue explains): SBIN's merger of its associate banks (1 April 2017) and VEDL's of Cairn India
 * (April 2017, restated from 1 April 2016) come before every filing in the data. ULTRACEMCO's take-over of Century
 * Textiles' cement business (October 2019, one share for eight) added 5 % to its shares, and its filings restate the
 * half year before it as combined, so no single day divides them. MARUTI's shares to Suzuki for Suzuki Motor Gujarat
 * (4 %, December 2023) bought a subsidiary; TATASTEEL's amalgamations of Bhushan Steel (2021) and of its listed
 * subsidiaries (2023-24) added 1-2 % to shares of companies it already consolidated. The other jumps are share sales
 * (AXISBANK, BAJFINANCE, ICICIBANK, INDUSINDBK 2020, VEDL 2024 placements; BHARTIARTL and RELIANCE rights issues),
 * buy-backs (WIPRO) and treasury shares (TECHM, RELIANCE consolidated).
 */
export const MERGER_EVENTS: readonly MergerEvent[] = [
  {
    symbol: 'GRASIM',
    effective: '2017-07-01',
    what: 'Grasim’s amalgamation of Aditya Birla Nuvo',
    record_date: '2017-07-06',
    exchange: '15 Grasim shares for every 10 Aditya Birla Nuvo shares',
    shares: { before: 466_900_000, after: 656_000_000 },
    source_url: 'https://www.business-standard.com/article/markets/aditya-birla-nuvo-hits-record-high-grasim-industries-up-3-in-weak-market-117062700374_1.html',
  },
  {
    symbol: 'INDUSINDBK',
    effective: '2019-07-04',
    what: 'IndusInd Bank’s amalgamation of Bharat Financial Inclusion',
    record_date: '2019-07-04',
    exchange: '639 IndusInd Bank shares for every 1,000 Bharat Financial Inclusion shares',
    shares: { before: 603_100_000, after: 693_100_000 },
    source_url: 'https://www.moneycontrol.com/news/business/markets/indusind-bank-bharat-financial-record-date-merger-4118221.html',
  },
  {
    symbol: 'HINDUNILVR',
    effective: '2020-04-01',
    what: 'Hindustan Unilever’s amalgamation of GlaxoSmithKline Consumer Healthcare',
    record_date: '2020-04-17',
    exchange: '4.39 Hindustan Unilever shares for every GlaxoSmithKline Consumer Healthcare share',
    shares: { before: 2_160_000_000, after: 2_350_000_000 },
    source_url: 'https://www.cnbctv18.com/retail/hul-completes-merger-of-gsk-consumer-with-itself-5602721.htm',
  },
  {
    symbol: 'HDFCBANK',
    effective: '2023-07-01',
    what: 'HDFC Bank’s amalgamation of HDFC Ltd.',
    record_date: '2023-07-13',
    exchange: '42 HDFC Bank shares for every 25 HDFC Ltd. shares',
    shares: { before: 5_591_800_000, after: 7_581_800_000 },
    source_url: 'https://www.cnbctv18.com/market/stocks/hdfc-hdfc-bank-boards-approve-july-1-as-effective-date-of-merger-july-13-as-record-date-17087991.htm',
  },
];

/** The mergers of one stock, oldest first. */
export const mergersOf = (symbol: string): Merger[] =>
  MERGER_EVENTS.filter((event) => event.symbol === symbol)
    .map(({ effective, what }) => ({ effective, what }))
    .sort((a, b) => (a.effective < b.effective ? -1 : 1));
