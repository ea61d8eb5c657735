import nlp from 'wink-nlp-utils';

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
  wich: 'which', kya: 'kya', konsa: 'kaunsa', konsa_: 'kaunsa', kounsa: 'kaunsa', kaunsa: 'kaunsa', kon: 'kaun',
};

/** Look-alike letters from other scripts that are used to slip words past filters. */
const HOMOGLYPHS: Record<string, string> = { а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ѕ: 's', ԁ: 'd' };

// Words the rules need, found again inside letters that were spelt out one by one.
const KEYWORDS =
  /(should|shall|which|target|price|stock|share|sell|hold|exit|buy|tips?|multibagger|guaranteed|double|ignore|instructions|prompt|system|reveal|will|what|kaunsa|lena|chahiye)/g;

// "s h o u l d i b u y" or "s.e.l.l" (spaced once punctuation is gone) → "should i buy", "sell".
const joinSpacedLetters = (text: string): string =>
  text.replace(/\b(?:[a-z] ){2,}[a-z]\b/g, (run) => ` ${run.replace(/ /g, '').replace(KEYWORDS, ' $1 ')} `.replace(/\s+/g, ' ').trim());

/**
 * Lower-case, punctuation-free text with rupee amounts as "rs 1500", percentages as "20 percent", elisions
 * expanded ("shouldn't" → "should not"), spaced-out letters joined and common chat spellings corrected.
 */
export function normalizeText(raw: string): string {
  let text = raw.normalize('NFKC').replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '');
  text = text.replace(/[аеорсухіѕԁ]/g, (ch) => HOMOGLYPHS[ch] ?? ch);
  text = text.replace(/[’‘`´]/g, "'").toLowerCase();
  text = nlp.string.amplifyNotElision(text).replace(/\bcan't\b|\bcant\b/g, 'can not').replace(/\bwon't\b/g, 'will not');
  text = text.replace(/'s\b/g, ' s').replace(/'(re|ll|d|ve|m)\b/g, ' $1');
  text = text.replace(/₹|\binr\b|\brs\.?(?=\s*\d)|\brupees?\b/g, ' rs ');
  text = text.replace(/(\d),(?=\d)/g, '$1').replace(/%/g, ' percent ');
  text = text.replace(/(\d+)\s*x\b/g, '$1 x');
  text = text.replace(/[^\p{L}\p{N}\p{M}\s.]/gu, ' ').replace(/(?<!\d)\.|\.(?!\d)/g, ' ');
  text = text.replace(/\s+/g, ' ').trim();
  text = joinSpacedLetters(text).replace(/\s+/g, ' ');
  text = text.replace(/\b([a-z])\1{2,}\b/g, '$1').replace(/([a-z])\1{2,}/g, '$1$1');
  text = text
    .split(' ')
    .map((word) => SPELLINGS[word] ?? word)
    .join(' ');
  // "should i by infy": "by" right after the asker is the verb.
  return text.replace(/\b(should i|shall i|can i|i will|i want to|to) by\b/g, '$1 buy');
}
