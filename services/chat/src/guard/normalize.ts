import nlp from 'wink-nlp-utils';
import { maskCompanyNames } from './companies';

/** Words people misspell or abbreviate in chat, mapped to the word the rules look for. */
const SPELLINGS: Record<string, string> = {
  shud: 'should', shld: 'should', shoud: 'should', shoudl: 'should', shuold: 'should', sould: 'should', shoul: 'should',
  wud: 'would', wld: 'would', cud: 'could', u: 'you', ur: 'your', r: 'are', pls: 'please', plz: 'please',
  by: 'by', buyy: 'buy', buyyy: 'buy', bye: 'bye', sel: 'sell', sall: 'sell', stk: 'stock', stok: 'stock', stocks: 'stocks',
  shr: 'share', tgt: 'target', trgt: 'target', targt: 'target', taget: 'target', targte: 'target', recomend: 'recommend',
  reccomend: 'recommend', recommand: 'recommend', suggst: 'suggest', gaurantee: 'guarantee', gauranteed: 'guaranteed',
  garantee: 'guarantee', garanteed: 'guaranteed', guarnteed: 'guaranteed', multibager: 'multibagger',
  multibaggar: 'multibagger', multibaggers: 'multibaggers', intraday: 'intraday', tommorow: 'tomorrow',
  tomorow: 'tomorrow', abt: 'about', bcoz: 'because', tmrw: 'tomorrow', 'tmr': 'tomorrow', nw: 'now', wat: 'what', wht: 'what', whch: 'which',
  wich: 'which', konsa: 'kaunsa', kounsa: 'kaunsa', kon: 'kaun', hv: 'have', hav: 'have', b4: 'before', '2day': 'today',
  '2mrw': 'tomorrow', '2moro': 'tomorrow', bta: 'bata', btao: 'batao', batado: 'bata do', kro: 'karo', kru: 'karu', krna: 'karna',
  krne: 'karne', chahie: 'chahiye', chaiye: 'chahiye', chahiya: 'chahiye',
};

// Longer words the rules key on, corrected when typed with a letter missing, doubled or swapped ("instrucions",
// "previus", "recomend", "shoudl"). Only words of six letters or more, and never a letter changed into another, so real
// words ("invert", "advised", "sell") are not turned into rule words.
const VOCABULARY = [
  'should', 'ignore', 'instructions', 'instruction', 'previous', 'recommend', 'recommendation', 'recommendations', 'suggest',
  'suggestion', 'guarantee', 'guaranteed', 'guarantees', 'multibagger', 'multibaggers', 'tomorrow', 'intraday', 'portfolio',
  'target', 'targets', 'invest', 'investment', 'investing', 'restrictions', 'disclaimer', 'compliance', 'pretend', 'advisor',
  'adviser', 'prediction', 'predict', 'accumulate', 'purchase', 'disregard', 'developer', 'kaunsa', 'chahiye', 'kharidna',
];
const KNOWN = new Set(VOCABULARY);
// Real words that are a vocabulary word with a letter missing.
const REAL_WORDS = new Set(['advise', 'restriction']);
// Every spelling with one letter of a vocabulary word missing, mapped to that word (the symmetric-delete method).
const DELETIONS = new Map<string, string>();
for (const word of VOCABULARY) {
  for (let i = 0; i < word.length; i++) {
    const deleted = word.slice(0, i) + word.slice(i + 1);
    if (!KNOWN.has(deleted) && !DELETIONS.has(deleted)) DELETIONS.set(deleted, word);
  }
}

/** A vocabulary word typed with a letter missing, doubled or swapped, corrected; any other word unchanged. */
function correctTypo(word: string): string {
  if (word.length < 5 || KNOWN.has(word) || REAL_WORDS.has(word) || /\d/.test(word)) return word;
  const missing = DELETIONS.get(word);
  if (missing) return missing;
  for (let i = 0; i < word.length; i++) {
    const extra = word.slice(0, i) + word.slice(i + 1);
    if (extra.length >= 6 && KNOWN.has(extra)) return extra;
    const swapped = word.slice(0, i) + word.slice(i + 1, i + 2) + word.slice(i, i + 1) + word.slice(i + 2);
    if (KNOWN.has(swapped)) return swapped;
  }
  return word;
}

/** Contracted verbs written out ("i'm" → "i am"), so the letters left over are never taken for spelt-out words. */
const CONTRACTIONS: Record<string, string> = { re: 'are', ll: 'will', d: 'would', ve: 'have', m: 'am' };

// Emoji that carry a direction or money ("INFY 🚀 or 💀?" asks whether it goes up or down); other emoji are dropped.
const EMOJI_WORDS: Record<string, string> = {
  '🚀': 'up', '📈': 'up', '⬆️': 'up', '⬆': 'up', '🔼': 'up', '🟢': 'up', '🐂': 'bullish', '🌙': 'up',
  '📉': 'down', '⬇️': 'down', '⬇': 'down', '🔽': 'down', '🔻': 'down', '🔴': 'down', '💀': 'down', '🐻': 'bearish',
  '💰': 'money', '🤑': 'money', '💸': 'money',
};
const EMOJI = new RegExp(Object.keys(EMOJI_WORDS).sort((a, b) => b.length - a.length).join('|'), 'gu');

/** Look-alike letters from other scripts that are used to slip words past filters. */
const HOMOGLYPHS: Record<string, string> = { а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ѕ: 's', ԁ: 'd' };

// Words the rules need, found again inside letters that were spelt out one by one.
const KEYWORDS =
  /(should|shall|which|target|price|stock|share|sell|hold|exit|buy|tips?|multibagger|guaranteed|double|ignore|instructions|prompt|system|reveal|will|what|kaunsa|lena|chahiye)/g;

// "s h o u l d i b u y" or "s.e.l.l" (spaced once punctuation is gone) → "should i buy", "sell".
const joinSpacedLetters = (text: string): string =>
  text.replace(/\b(?:[a-z] ){2,}[a-z]\b/g, (run) => ` ${run.replace(/ /g, '').replace(KEYWORDS, ' $1 ')} `.replace(/\s+/g, ' ').trim());

/**
 * Lower-case, punctuation-free text with rupee amounts as "rs 1500", percentages as "20 percent", "50k" as "50 k",
 * elisions and contractions written out ("shouldn't" → "should not", "i'm" → "i am"), direction emoji as words,
 * spaced-out letters joined, and chat spellings and one-letter typos of rule words corrected.
 */
export function normalizeText(raw: string): string {
  let text = raw.normalize('NFKC').replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '');
  text = text.replace(/[аеорсухіѕԁ]/g, (ch) => HOMOGLYPHS[ch] ?? ch).replace(EMOJI, (emoji) => ` ${EMOJI_WORDS[emoji]} `);
  text = text.replace(/[’‘`´]/g, "'").toLowerCase();
  text = nlp.string.amplifyNotElision(text.replace(/\bcan't\b|\bcant\b/g, 'can not').replace(/\bwon't\b|\bwont\b/g, 'will not'));
  text = text.replace(/'s\b/g, ' s').replace(/'(re|ll|d|ve|m)\b/g, (_, short: string) => ` ${CONTRACTIONS[short]}`);
  text = text.replace(/₹|\binr\b|\brs\.?(?=\s*\d)|\brupees?\b/g, ' rs ');
  text = text.replace(/(\d),(?=\d)/g, '$1').replace(/%/g, ' percent ');
  text = text.replace(/(\d+)\s*x\b/g, '$1 x').replace(/(\d)(k|lakhs?|crores?)\b/g, '$1 $2');
  text = text.replace(/(\d)\s*(l|lacs?)\b/g, '$1 lakh').replace(/(\d)\s*cr\b/g, '$1 crore');
  text = text.replace(/[^\p{L}\p{N}\p{M}\s.]/gu, ' ').replace(/(?<!\d)\.|\.(?!\d)/g, ' ');
  text = text.replace(/\s+/g, ' ').trim();
  text = joinSpacedLetters(text).replace(/\s+/g, ' ');
  text = text.replace(/\b([a-z])\1{2,}\b/g, '$1').replace(/([a-z])\1{2,}/g, '$1$1');
  text = text
    .split(' ')
    .map((word) => SPELLINGS[word] ?? correctTypo(word))
    .join(' ')
    // Hinglish spellings of "buy" ("khareedu", "kharidna", "khareed lu") written one way.
    .replace(/\bkh?ar[ie]+d/g, 'kharid');
  // "should i by infy": "by" right after the asker is the verb.
  return text.replace(/\b(should i|shall i|can i|i will|i want to|to) by\b/g, '$1 buy');
}

// Upper-case words in questions that are not tickers: acronyms of the field and words typed in capitals for emphasis.
const NOT_TICKERS = new Set(
  (
    'CAPM WACC ROI ROA NPV IRR FCF DDM EBIT PAT PBT OPM NIM CASA GNPA NNPA CRR SLR MSCI FTSE MSME PSU PSUS OFS FPO ' +
    'QIP NCD SGB PPF EPF NPS ULIP HUF TDS ITR AIS MTF SLB ASBA OTP PIN RD SWP STP ELSS NFO TER AUM KYC CKYC FATCA ' +
    'DEMAT NSEIX GIFT RSI SIP SIPS SEBI NSE BSE ETF ETFS IPO IPOS MACD EPS PE NAV FD FDS RBI FII FIIS DII DIIS EMA ' +
    'SMA ATR ADX VWAP DCF NPA ROE ROCE IDCW XIRR CAGR LTCG STCG IT BTST STBT DAN SYSTEM USER ADMIN NIFTY SENSEX ' +
    'BANKNIFTY SCORES NSDL CDSL EBITDA EV PEG AI SIM F O P B E T FOMO USA US UK GDP CEO CFO AGM EGM IV OI PCR GST ' +
    'UPI PAN NRI HNI PMS AIF AMC AMFI MF MFS REIT REITS INVIT SL TGT CMP LTP ATH YTD QOQ YOY FY ' +
    'I A OK BUY SELL HOLD EXIT NOW TODAY TOMORROW TARGET TARGETS STOCK STOCKS SHARE SHARES TIP TIPS NOT NO YES ' +
    'PLEASE PLS PLZ URGENT ASAP ALL BEST TOP SHOULD WHAT WHICH WHY HOW WHEN IS ARE THE AND OR OF TO IN ON FOR ME MY ' +
    'YOU YOUR WILL CAN DO RULES IGNORE PREVIOUS INSTRUCTIONS SURE SAFE NEVER ALWAYS MUST ONLY OFF BRO BHAI SIR LOL ' +
    'OMG PS NB FYI DM HELP STOP LOSS DMA WMA MA OBV MFI CCI SAR VIX AAA AA BBB BB CCC CC'
  )
    .trim()
    .split(' '),
);

// Capitalised words that are not NSE companies: people, places, days, platforms, the field's own names.
const NOT_COMPANIES = new Set(
  (
    'i im ive id ill india indian indians hindi english sebi rbi nse bse nifty sensex midcap smallcap largecap bank banks ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september ' +
    'october november december diwali holi eid christmas muhurat budget union dalal street mumbai delhi bangalore bengaluru ' +
    'chennai kolkata hyderabad pune gujarat maharashtra telegram whatsapp youtube twitter instagram facebook reddit discord ' +
    'zerodha groww upstox kite coin console google chatgpt gpt openai warren buffett munger charlie graham benjamin lynch peter ' +
    'fisher philip dalio ray marks howard jhunjhunwala rakesh damani radhakishan kacholia kedia vijay harshad mehta ketan parekh ' +
    'satyam covid fed us usa america american china chinese europe european japan uk russia ukraine god sir bro bhai hi hello hey ' +
    'thanks thank please ok okay yes no what why how when where which who whom whose is are was were can could would should ' +
    'will shall do does did tell explain give show list name the a an my our your and or but if also then so nivesh trendvision ' +
    'premium ipo ipos etf etfs sip sips elss ppf nps gold silver bitcoin crypto mutual fund funds index nasdaq dow fibonacci ' +
    'elliott bollinger doji hammer sharpe sortino beta alpha kelly markowitz piotroski altman greenblatt magic formula ' +
    'rsi macd ema sma vwap fii dii gst pe eps roe roce npa capm dcf wacc asia asian africa african world global london ' +
    'new york tokyo singapore dubai hong kong shanghai wall germany france australia canada brazil middle east west south north ' +
    'english hindu muslim parliament government finance minister ministry court supreme high'
  ).split(' '),
);

// A capitalised name after a word that places it as a holding ("the slump in Persistent", "is Dixon a keeper", "sell
// Suzlon"): an NSE company the name list does not know, masked like a known one. Runs of capitalised words are one name.
const CAPITALISED_NAME =
  /(?<=\b(?:in|into|on|of|from|about|buy|buying|sell|selling|hold|holding|own|owning|add|adding|exit|exiting|dump|short|accumulate|avoid|is|are|than|vs|versus|or|and|with|like|between|to)\s+)([A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,}){0,2})(?=\s+(?:a|an|the|or|and|vs|versus|shares?|stocks?|now|today|at|for|worth|is|are|still|good|too|over|sound|looks?)\b|\s*[?,.!]|\s*$)/g;

/** Capitalised names the company list and the acronym check do not know, in their normalised form. */
const capitalisedNames = (raw: string): string[] =>
  [...raw.matchAll(CAPITALISED_NAME)]
    .map((match) => match[1]!)
    .filter((name) => !name.split(/\s+/).some((word) => NOT_COMPANIES.has(word.toLowerCase())))
    .map((name) => normalizeText(name));

// Words that open a clause without changing what it asks ("…, and why are they dangerous?").
const LINK_WORDS = /^((and|but|so|also|then|or|ok|okay|please|pls|hi|hello|hey|bro|bhai|sir|warren) )+/;

/** A question prepared once for the rules and the classifier. */
export type PreparedQuestion = {
  /** `normalizeText` of the question. */
  normalized: string;
  /** The normalised text with every named stock written as "ticker", so rules and the model see the pattern, not the name. */
  masked: string;
  /** `masked` cut where the question had a comma, a full stop or another break ("i am new to investing", "where do i start"). */
  clauses: string[];
  /** NSE symbols the question names ("INFY", or TATAMOTORS for "tata motors"); known names first. */
  symbols: string[];
};

/** Normalises a question and finds the stocks it names: known company names, and upper-case symbols unless it shouts. */
export function prepareQuestion(raw: string): PreparedQuestion {
  const letters = raw.replace(/[^\p{L}]/gu, '');
  const shouting = letters.replace(/[^\p{Lu}]/gu, '').length > 0.6 * letters.length;
  // Upper-case symbols that companies.ts does not know ("ZYDUSLIFE"), by their normalised form.
  const others = new Map<string, string>();
  for (const word of shouting ? [] : (raw.match(/\b[A-Z][A-Z0-9]{1,11}\b/g) ?? [])) {
    if (!NOT_TICKERS.has(word) && /^[a-z0-9]+$/.test(normalizeText(word))) others.set(normalizeText(word), word);
  }
  const names = capitalisedNames(raw);
  const symbols: string[] = [];
  const mask = (normalized: string): string => {
    const { masked: known, symbols: named } = maskCompanyNames(normalized, 'ticker');
    for (const symbol of named) if (!symbols.includes(symbol)) symbols.push(symbol);
    // Unknown names are masked for the rules but not reported as symbols: nothing says which listing they are.
    const masked = names.reduce((text, name) => text.replace(new RegExp(`\\b${name}\\b`, 'g'), 'ticker'), known);
    if (!others.size) return masked;
    return masked
      .split(' ')
      .map((word) => {
        const symbol = others.get(word);
        if (!symbol) return word;
        if (!symbols.includes(symbol)) symbols.push(symbol);
        return 'ticker';
      })
      .join(' ');
  };
  const normalized = normalizeText(raw);
  const masked = mask(normalized);
  const parts = raw.split(/[,;:!?()\n]+|\.(?!\d)|\s[-–—]\s/).filter((part) => /[\p{L}\p{N}]/u.test(part));
  // A clause's leading link word is dropped, so "…, and why are they dangerous?" starts with its question word.
  const clauses = parts.length > 1 ? parts.map((part) => mask(normalizeText(part)).replace(LINK_WORDS, '')) : [masked];
  return { normalized, masked, clauses, symbols };
}
