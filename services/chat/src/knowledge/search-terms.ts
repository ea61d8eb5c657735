import stem from 'wink-porter2-stemmer';

// Question words and fillers, English and Hinglish ("rsi kya hai"), that would otherwise match every article.
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does did for from had has have how i if in into is it its me my ' +
    'of on or our so than that the their them then there these they this to too was we were what when where which ' +
    'who whom why will with would you your about am any tell explain meaning mean means should know work works ' +
    'kya hai hain hota hoti hote kaise kaisa kaun kab ka ki ke ko se mein mujhe mera meri hum aap batao bataiye samjhao matlab kaunsa konsa sa lu lun lena chahiye ' +
    'aur ya bhi toh liye wala wali wale kuch koi kyun kyon kyu jab tab agar nahi nahin na ho hua hui hue raha rahi rahe gaya gayi gaye jata jati jate ' +
    'jaata jaati jaate karna karta karte karti karein kare kar sakta sakte sakti hi ek yeh ye woh wo iska iski iske uska uski uske inka unka apna apne apni ' +
    'mere tum hamare kaunse kitna kitne kitni thik theek samjhaiye bataye btao yaar bhai plz pls please simple simply words ' +
    'dono yahan wahan jaisa waise rehte rehta rahte rahta bohot bahut pta pata samajh samjha samjhna'
  ).split(' '),
);

// Spellings and abbreviations folded to one form on both sides, so "P/E", "p e" and "PE" meet.
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\bp\s*\/\s*e\b/g, 'pe'],
  [/\bp\s*\/\s*b\b/g, 'pb'],
  [/\bd\s*\/\s*e\b/g, 'de'],
  [/\bs\s*&\s*p\b/g, 'sp'],
  [/\bbuy-back/g, 'buyback'],
  [/\bspin-off/g, 'spinoff'],
  [/\bstop-loss/g, 'stoploss'],
  [/\bstop loss/g, 'stoploss'],
  [/\bpump-and-dump/g, 'pump and dump'],
];

const SYNONYMS: Readonly<Record<string, string>> = {
  advisor: 'adviser',
  advisors: 'advisers',
  advisory: 'adviser',
  scam: 'fraud',
  scams: 'fraud',
  fraudulent: 'fraud',
  // Hinglish words people type for the ideas the articles name in English.
  fark: 'difference',
  farak: 'difference',
  antar: 'difference',
  nikale: 'calculate',
  nikalte: 'calculate',
  nikalna: 'calculate',
  nikaalte: 'calculate',
  ginte: 'calculate',
  gira: 'fall',
  girta: 'fall',
  girna: 'fall',
  girawat: 'fall',
  badha: 'rise',
  badhta: 'rise',
  badhna: 'rise',
  kharidna: 'buy',
  kharidne: 'buy',
  bechna: 'sell',
  bechne: 'sell',
  nuksan: 'loss',
  nuksaan: 'loss',
  ghata: 'loss',
  munafa: 'profit',
  fayda: 'profit',
  faida: 'profit',
  byaj: 'interest',
  karz: 'debt',
  karza: 'debt',
  kamai: 'earnings',
  paisa: 'money',
  paise: 'money',
  sona: 'gold',
  sone: 'gold',
  kimat: 'price',
  keemat: 'price',
  daam: 'price',
  bazaar: 'market',
  bazar: 'market',
  shuru: 'start',
  samay: 'time',
  lamba: 'long',
  lambe: 'long',
  niyam: 'rules',
  shikayat: 'complaint',
  dhokha: 'fraud',
  dhokhadhadi: 'fraud',
  ghotala: 'fraud',
  khata: 'account',
  // Spellings of the same Hinglish word.
  jyada: 'zyada',
  sath: 'saath',
  milegi: 'milega',
  padti: 'padta',
  kampani: 'company',
};

/** Lower-cases and folds abbreviations; applied to documents and queries alike. */
export const normalise = (text: string): string =>
  PHRASES.reduce((folded, [pattern, replacement]) => folded.replace(pattern, replacement), text.toLowerCase().normalize('NFKC'));

/** Splits normalised text into words (letters and digits; "%", "/" and punctuation separate them). */
export const tokenise = (text: string): string[] => normalise(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

const stems = new Map<string, string>();

/** The index term of one word, or null for a stop word. Stems are remembered: the same few thousand words recur. */
export const indexTerm = (word: string): string | null => {
  if (STOP_WORDS.has(word)) return null;
  const canonical = SYNONYMS[word] ?? word;
  if (/^\p{N}+$/u.test(canonical)) return canonical;
  let stemmed = stems.get(canonical);
  if (stemmed === undefined) {
    // Bounded, so a flood of made-up words cannot grow it without limit.
    if (stems.size >= 100_000) stems.clear();
    stemmed = stem(canonical);
    stems.set(canonical, stemmed);
  }
  return stemmed;
};
