import { NAME_PATTERN_SOURCE, namedSymbols, symbolForName } from './stock-names';

/** Upper-case words in market questions that are not NSE symbols. */
const NOT_SYMBOLS = new Set(
  (
    'I A AN AI OK OR AND THE IS IT IN ON OF TO BY AT AS IF SO DO MY ME WE US USA UK EU ' +
    'NSE BSE SEBI RBI NIFTY NIFTY50 SENSEX BANKNIFTY FINNIFTY MIDCAP SMALLCAP VIX INDIA ' +
    'RSI MACD SMA EMA DMA MA ATR ADX OBV VWAP KDJ ROC MFI CCI ' +
    'PE PB EPS ROE ROCE DE EV EBITDA CAGR NAV AUM YOY QOQ TTM FY ' +
    'SIP SWP STP ETF ETFS MF MFS IPO FPO OFS FD FDS PPF NPS ELSS ULIP ' +
    'VAR MAE MASE ARIMA ETS LTP OHLC KYC UPI OTP PAN GST TDS LTCG STCG ITR CA ' +
    'FII FIIS DII DIIS FNO F&O FO OI PCR IV GDP CPI WPI INR RS USD ' +
    'IA RA INA INH SCORES NISM AMFI NRI HNI PMS AIF ' +
    'TV PDF FAQ SMS URL WHO WHAT WHY HOW WHEN WHICH'
  ).split(' '),
);

// A symbol as people type it: RELIANCE, M&M, BAJAJ-AUTO.
const SYMBOL_WORD = /(?<![A-Za-z0-9&-])[A-Z][A-Z0-9&-]{1,15}(?![A-Za-z0-9&-])/g;

/** Share of a text's letters that are upper case: a question typed in capitals has no symbol-shaped words to trust. */
const upperShare = (text: string): number => {
  const letters = text.replace(/[^A-Za-z]/g, '');
  return letters.length ? letters.replace(/[^A-Z]/g, '').length / letters.length : 0;
};

/** A stock a question names: `known` when it is a company name or symbol Nivesh's guard knows, else a symbol-shaped word. */
export type NamedStock = { symbol: string; known: boolean };

/**
 * The first stock a question names other than the chat's own (`ticker`, null for sentiment chats): a known
 * company name or symbol in any case ("infosys", "tcs"), else an upper-case symbol-shaped word that is not a market
 * acronym or a term `isConcept` knows ("ZOMATO", but not "ASBA"); null when it names none.
 */
export const otherTicker = (question: string, ticker: string | null, isConcept: (word: string) => boolean = () => false): NamedStock | null => {
  const own = ticker?.toUpperCase() ?? null;
  const named = namedSymbols(question).map((symbol) => ({ symbol, known: true }));
  const shaped =
    upperShare(question) > 0.6
      ? []
      : [...question.matchAll(SYMBOL_WORD)]
          .map((match) => match[0])
          .filter((word) => !NOT_SYMBOLS.has(word) && !isConcept(word))
          .map((word) => {
            const symbol = symbolForName(word);
            return { symbol: symbol ?? word, known: symbol !== undefined };
          });
  return [...named, ...shaped].find((stock) => stock.symbol !== own) ?? null;
};

// A known company name as typed, in any case and with any punctuation between its words ("Dr. Reddy's", "M&M").
const TYPED_NAME = new RegExp(`(?<![\\p{L}\\p{N}])(${NAME_PATTERN_SOURCE.replace(/ /g, String.raw`[^\p{L}\p{N}]+`)})(?![\\p{L}\\p{N}])`, 'giu');

/**
 * The question with the stocks it names taken out ("What does TCS's P/E of 30 mean?" → "What does 's P/E of 30
 * mean?"): which guide answers a question depends on what it asks, not on the company it mentions. An upper-case word
 * that `isConcept` knows ("ASBA", "REIT") stays.
 */
export const withoutStocks = (question: string, isConcept: (word: string) => boolean = () => false): string => {
  const named = question.replace(TYPED_NAME, ' ');
  return upperShare(question) > 0.6 ? named : named.replace(SYMBOL_WORD, (word) => (NOT_SYMBOLS.has(word) || isConcept(word) ? word : ' '));
};
