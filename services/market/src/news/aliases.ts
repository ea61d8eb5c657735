/**
 * The names a headline may use for each stock of the universe, and the names of other companies that share a word with
 * them. Tagging takes the longest name that matches at each place (see `tagger.ts`), so 'Tech Mahindra' is TECHM and
 * not M&M, and 'Reliance Power' (one of the Anil Ambani group's companies) is nobody's, while 'Reliance' alone is
 * Reliance Industries. A word shared by many companies ('Tata', 'Bajaj', 'Adani', 'HDFC') tags nothing by itself.
 */

/** One name of a stock. */
export type Alias = {
  /** As written; matched on word boundaries. */
  text: string;
  /**
   * 'exact': the case must match too (acronyms and former symbols: ITC, HUL, TELCO; a word that is also an ordinary
   * word: Titan). 'any' (the default for names of two words or more): any case.
   */
  case?: 'exact' | 'any';
  /** A name that also means something else (IOC is the Olympic committee too): it counts only beside one of these words. */
  needs?: RegExp;
};

/** The short name headlines use for the stock, then every other name, former symbols included. */
export type StockAliases = { name: string; aliases: ReadonlyArray<string | Alias> };

/** Words that place an ambiguous name in a company or market story. */
const MARKET_CONTEXT = /\b(shares?|stocks?|Q[1-4]|results?|profit|revenue|crore|cr|₹|Rs\.?|NSE|BSE|Sensex|Nifty|dividend|refiner\w*|fuel|petrol|diesel|LPG|oil)\b/i;

/**
 * The universe's stocks, by symbol. Former symbols are those of the dataset's `former_symbols` column; they are
 * matched in capitals only, as exchanges write them.
 */
export const STOCK_ALIASES: Readonly<Record<string, StockAliases>> = {
  ADANIPORTS: { name: 'Adani Ports', aliases: ['Adani Ports', 'Adani Ports and Special Economic Zone', 'Adani Ports & SEZ', { text: 'APSEZ', case: 'exact' }, 'Mundra Port', { text: 'MUNDRAPORT', case: 'exact' }] },
  ASIANPAINT: { name: 'Asian Paints', aliases: ['Asian Paints'] },
  AXISBANK: { name: 'Axis Bank', aliases: ['Axis Bank', 'UTI Bank', { text: 'UTIBANK', case: 'exact' }] },
  'BAJAJ-AUTO': { name: 'Bajaj Auto', aliases: ['Bajaj Auto'] },
  BAJAJFINSV: { name: 'Bajaj Finserv', aliases: ['Bajaj Finserv'] },
  BAJFINANCE: { name: 'Bajaj Finance', aliases: ['Bajaj Finance', 'Bajaj Fin', 'Bajaj Auto Finance', { text: 'BAJAUTOFIN', case: 'exact' }] },
  BHARTIARTL: { name: 'Bharti Airtel', aliases: ['Bharti Airtel', { text: 'Airtel', case: 'exact' }, { text: 'BHARTI', case: 'exact' }] },
  BPCL: { name: 'BPCL', aliases: ['Bharat Petroleum', { text: 'BPCL', case: 'exact' }] },
  BRITANNIA: { name: 'Britannia', aliases: [{ text: 'Britannia', case: 'exact' }] },
  CIPLA: { name: 'Cipla', aliases: [{ text: 'Cipla', case: 'exact' }] },
  COALINDIA: { name: 'Coal India', aliases: ['Coal India'] },
  DRREDDY: { name: "Dr Reddy's", aliases: ["Dr Reddy's", "Dr. Reddy's", "Dr Reddy's Laboratories", 'Dr Reddys', "Dr Reddy’s", "Dr. Reddy’s"] },
  EICHERMOT: { name: 'Eicher Motors', aliases: ['Eicher Motors', { text: 'Eicher', case: 'exact' }, 'Royal Enfield'] },
  GAIL: { name: 'GAIL', aliases: [{ text: 'GAIL', case: 'exact' }, 'GAIL India', 'GAIL (India)'] },
  GRASIM: { name: 'Grasim', aliases: [{ text: 'Grasim', case: 'exact' }, 'Grasim Industries'] },
  HCLTECH: { name: 'HCLTech', aliases: ['HCL Technologies', 'HCL Tech', { text: 'HCLTech', case: 'any' }] },
  HDFCBANK: { name: 'HDFC Bank', aliases: ['HDFC Bank'] },
  HEROMOTOCO: { name: 'Hero MotoCorp', aliases: ['Hero MotoCorp', 'Hero Moto Corp', 'Hero Honda', { text: 'HEROHONDA', case: 'exact' }] },
  HINDALCO: { name: 'Hindalco', aliases: [{ text: 'Hindalco', case: 'exact' }, 'Hindalco Industries', { text: 'HINDALC0', case: 'exact' }] },
  HINDUNILVR: { name: 'Hindustan Unilever', aliases: ['Hindustan Unilever', { text: 'HUL', case: 'exact' }, 'Hindustan Lever', { text: 'HINDLEVER', case: 'exact' }] },
  ICICIBANK: { name: 'ICICI Bank', aliases: ['ICICI Bank'] },
  INDUSINDBK: { name: 'IndusInd Bank', aliases: ['IndusInd Bank', { text: 'IndusInd', case: 'exact' }] },
  INFY: { name: 'Infosys', aliases: [{ text: 'Infosys', case: 'exact' }, { text: 'Infy', case: 'exact' }, { text: 'INFOSYSTCH', case: 'exact' }] },
  IOC: { name: 'Indian Oil', aliases: ['Indian Oil', 'Indian Oil Corporation', { text: 'IndianOil', case: 'exact' }, { text: 'IOC', case: 'exact', needs: MARKET_CONTEXT }, { text: 'IOCL', case: 'exact' }] },
  ITC: { name: 'ITC', aliases: [{ text: 'ITC', case: 'exact' }] },
  JSWSTEEL: { name: 'JSW Steel', aliases: ['JSW Steel', { text: 'JSWSTL', case: 'exact' }] },
  KOTAKBANK: { name: 'Kotak Mahindra Bank', aliases: ['Kotak Mahindra Bank', 'Kotak Mahindra', 'Kotak Bank', { text: 'Kotak', case: 'exact' }, { text: 'KOTAKMAH', case: 'exact' }] },
  LT: { name: 'L&T', aliases: ['Larsen & Toubro', 'Larsen and Toubro', { text: 'L&T', case: 'exact' }] },
  MARUTI: { name: 'Maruti Suzuki', aliases: ['Maruti Suzuki', { text: 'Maruti', case: 'exact' }] },
  'M&M': { name: 'Mahindra & Mahindra', aliases: ['Mahindra & Mahindra', 'Mahindra and Mahindra', { text: 'M&M', case: 'exact' }, { text: 'Mahindra', case: 'exact' }] },
  NESTLEIND: { name: 'Nestlé India', aliases: ['Nestle India', 'Nestlé India'] },
  NTPC: { name: 'NTPC', aliases: [{ text: 'NTPC', case: 'exact' }] },
  ONGC: { name: 'ONGC', aliases: [{ text: 'ONGC', case: 'exact' }, 'Oil and Natural Gas Corporation', 'Oil & Natural Gas Corporation'] },
  POWERGRID: { name: 'Power Grid', aliases: ['Power Grid', 'Power Grid Corporation', 'PowerGrid'] },
  RELIANCE: { name: 'Reliance Industries', aliases: ['Reliance Industries', { text: 'Reliance', case: 'exact' }, { text: 'RIL', case: 'exact' }, 'Reliance Jio', 'Reliance Retail'] },
  SBIN: { name: 'SBI', aliases: ['State Bank of India', { text: 'SBI', case: 'exact' }] },
  SHREECEM: { name: 'Shree Cement', aliases: ['Shree Cement', 'Shree Cements'] },
  SUNPHARMA: { name: 'Sun Pharma', aliases: ['Sun Pharma', 'Sun Pharmaceutical', 'Sun Pharmaceutical Industries'] },
  TATAMOTORS: { name: 'Tata Motors', aliases: ['Tata Motors', 'Jaguar Land Rover', { text: 'JLR', case: 'exact' }, { text: 'TELCO', case: 'exact', needs: /\bTata\b/ }] },
  TATASTEEL: { name: 'Tata Steel', aliases: ['Tata Steel', { text: 'TISCO', case: 'exact' }] },
  TCS: { name: 'TCS', aliases: ['Tata Consultancy Services', 'Tata Consultancy', { text: 'TCS', case: 'exact' }] },
  TECHM: { name: 'Tech Mahindra', aliases: ['Tech Mahindra', { text: 'TechM', case: 'exact' }] },
  TITAN: { name: 'Titan', aliases: ['Titan Company', { text: 'Titan', case: 'exact' }] },
  ULTRACEMCO: { name: 'UltraTech Cement', aliases: ['UltraTech Cement', { text: 'UltraTech', case: 'any' }] },
  UPL: { name: 'UPL', aliases: [{ text: 'UPL', case: 'exact' }, 'United Phosphorus', { text: 'UNIPHOS', case: 'exact' }] },
  VEDL: { name: 'Vedanta', aliases: [{ text: 'Vedanta', case: 'exact' }, 'Vedanta Ltd', 'Sesa Sterlite', 'Sesa Goa', { text: 'SESAGOA', case: 'exact' }, { text: 'SSLT', case: 'exact' }] },
  WIPRO: { name: 'Wipro', aliases: [{ text: 'Wipro', case: 'exact' }] },
  ZEEL: { name: 'Zee Entertainment', aliases: ['Zee Entertainment', 'Zee Entertainment Enterprises', { text: 'Zee', case: 'exact' }, { text: 'ZEEL', case: 'exact' }, 'Zee Telefilms', { text: 'ZEETELE', case: 'exact' }] },
};

/**
 * Companies outside the universe (and people) whose names contain a stock's name: matched like aliases, they take
 * their words away from the shorter name and tag nothing.
 */
export const OTHER_NAMES: ReadonlyArray<string | Alias> = [
  // The Anil Ambani group's companies carry 'Reliance' too.
  'Reliance Power',
  'Reliance Capital',
  'Reliance Communications',
  { text: 'RCom', case: 'exact' },
  'Reliance Infrastructure',
  'Reliance Infra',
  'Reliance Home Finance',
  'Reliance Naval',
  'Reliance Nippon',
  'Reliance Nippon Life',
  'Reliance General Insurance',
  'Reliance Mutual Fund',
  'Reliance Securities',
  'Reliance Group',
  'Reliance ADAG',
  'Reliance Anil Dhirubhai Ambani Group',
  // 'reliance on imports' is not a company.
  { text: 'reliance on', case: 'exact' },
  { text: 'reliance upon', case: 'exact' },
  'Jio Financial',
  'Jio Financial Services',
  // Mahindra group companies other than M&M, and people who carry a company's name.
  'Mahindra Finance',
  'Mahindra & Mahindra Financial',
  'Mahindra and Mahindra Financial',
  'M&M Financial',
  'M&M Finance',
  'Mahindra Lifespace',
  'Mahindra Logistics',
  'Mahindra Holidays',
  'Mahindra CIE',
  'Anand Mahindra',
  'Uday Kotak',
  // Tata, Bajaj, L&T, SBI, ITC, Bharti, Zee and other companies outside the universe.
  'Tata Steel Long Products',
  'Tata Steel BSL',
  'Bajaj Housing Finance',
  'Bajaj Electricals',
  'Bajaj Consumer',
  'Bajaj Hindusthan',
  'L&T Finance',
  'L&T Finance Holdings',
  'L&T Technology Services',
  'L&T Tech',
  'L&T Infotech',
  'L&T Mindtree',
  'SBI Life',
  'SBI Card',
  'SBI Cards',
  'SBI General',
  'SBI Funds',
  'ITC Hotels',
  'Airtel Africa',
  'Bharti Hexacom',
  'Bharti Infratel',
  'Bharti Enterprises',
  'Zee Media',
  'Zee News',
  'Zee Business',
  'Zee Learn',
  'Vedanta Resources',
  'NTPC Green',
  'Suzuki Motor',
  'Hero FinCorp',
  'Hero Electric',
  'HCL Infosystems',
  'Titan submersible',
  'Titan sub',
];
