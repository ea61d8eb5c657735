/**
 * Names people type for well-known NSE companies (normalised: lower case, punctuation as spaces), by NSE symbol.
 * The guard uses them to see "is jio financial a buy" as a question about one stock, and to suggest a question about
 * the stock that was named. Upper-case symbols ("INFY") are recognised without this list.
 */
const NAMES: Record<string, readonly string[]> = {
  RELIANCE: ['reliance', 'reliance industries', 'ril'],
  TCS: ['tcs', 'tata consultancy', 'tata consultancy services'],
  INFY: ['infy', 'infosys'],
  HDFCBANK: ['hdfc bank', 'hdfcbank', 'hdfc'],
  HDFCLIFE: ['hdfc life'],
  ICICIBANK: ['icici bank', 'icicibank', 'icici'],
  SBIN: ['sbi', 'sbin', 'state bank', 'state bank of india'],
  SBILIFE: ['sbi life'],
  KOTAKBANK: ['kotak', 'kotak bank', 'kotak mahindra bank', 'kotakbank'],
  AXISBANK: ['axis bank', 'axisbank'],
  INDUSINDBK: ['indusind', 'indusind bank'],
  BAJFINANCE: ['bajaj finance', 'bajfinance'],
  BAJAJFINSV: ['bajaj finserv'],
  'BAJAJ-AUTO': ['bajaj auto'],
  BHARTIARTL: ['airtel', 'bharti airtel', 'bharti'],
  ITC: ['itc'],
  HINDUNILVR: ['hul', 'hindustan unilever', 'hindunilvr'],
  NESTLEIND: ['nestle', 'nestle india'],
  BRITANNIA: ['britannia'],
  ASIANPAINT: ['asian paints', 'asian paint', 'asianpaint'],
  TITAN: ['titan'],
  MARUTI: ['maruti', 'maruti suzuki'],
  TATAMOTORS: ['tata motors', 'tatamotors', 'tata motor'],
  TATASTEEL: ['tata steel', 'tatasteel'],
  TATAPOWER: ['tata power', 'tatapower'],
  'M&M': ['m m', 'mahindra', 'mahindra and mahindra', 'mahindra mahindra'],
  HEROMOTOCO: ['hero motocorp', 'heromotoco'],
  EICHERMOT: ['eicher', 'eicher motors', 'royal enfield'],
  LT: ['l t', 'larsen', 'larsen and toubro', 'larsen toubro'],
  ULTRACEMCO: ['ultratech', 'ultratech cement'],
  GRASIM: ['grasim'],
  JSWSTEEL: ['jsw steel', 'jswsteel'],
  HINDALCO: ['hindalco'],
  VEDL: ['vedanta', 'vedl'],
  COALINDIA: ['coal india', 'coalindia'],
  ONGC: ['ongc'],
  NTPC: ['ntpc'],
  POWERGRID: ['power grid', 'powergrid'],
  BPCL: ['bpcl'],
  IOC: ['ioc', 'indian oil'],
  GAIL: ['gail'],
  SUNPHARMA: ['sun pharma', 'sunpharma'],
  DRREDDY: ['dr reddy', 'dr reddy s', 'drreddy', 'dr reddys'],
  CIPLA: ['cipla'],
  DIVISLAB: ['divis', 'divi s', 'divis lab'],
  APOLLOHOSP: ['apollo hospitals', 'apollo'],
  WIPRO: ['wipro'],
  HCLTECH: ['hcl tech', 'hcltech', 'hcl'],
  TECHM: ['tech mahindra', 'techm'],
  LTIM: ['ltimindtree', 'lti mindtree'],
  ADANIENT: ['adani enterprises', 'adani ent', 'adanient', 'adani'],
  ADANIPORTS: ['adani ports', 'adaniports'],
  ADANIGREEN: ['adani green'],
  ADANIPOWER: ['adani power'],
  UPL: ['upl'],
  ZEEL: ['zee', 'zee entertainment', 'zeel'],
  ZOMATO: ['zomato'],
  PAYTM: ['paytm', 'one97'],
  NYKAA: ['nykaa'],
  DMART: ['dmart', 'avenue supermarts'],
  IRCTC: ['irctc'],
  IRFC: ['irfc'],
  RVNL: ['rvnl'],
  HAL: ['hindustan aeronautics'],
  BEL: ['bel', 'bharat electronics'],
  BHEL: ['bhel'],
  LICI: ['lic'],
  YESBANK: ['yes bank', 'yesbank'],
  IDEA: ['vodafone idea', 'vodafone'],
  SUZLON: ['suzlon'],
  JIOFIN: ['jio financial', 'jio finance', 'jio financial services', 'jiofin', 'jio'],
  TRENT: ['trent'],
  DLF: ['dlf'],
  PIDILITIND: ['pidilite'],
  DABUR: ['dabur'],
  HAVELLS: ['havells'],
  PNB: ['pnb', 'punjab national bank'],
  BANKBARODA: ['bank of baroda', 'bob'],
  CANBK: ['canara bank'],
  IREDA: ['ireda'],
  MAZDOCK: ['mazagon dock', 'mazagon'],
};

const BY_NAME = new Map(Object.entries(NAMES).flatMap(([symbol, names]) => names.map((name) => [name, symbol] as const)));

// Longest names first, so "tata motors" wins over "tata" and "hdfc bank" over "hdfc".
const NAME_PATTERN = new RegExp(`\\b(${[...BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|')})\\b`, 'g');

/**
 * Normalised text with every known company name replaced by `placeholder`, and the symbols of the names found, in order
 * ("is tata motors a buy" → "is ticker a buy", [TATAMOTORS]).
 */
export function maskCompanyNames(normalized: string, placeholder: string): { masked: string; symbols: string[] } {
  const symbols: string[] = [];
  const masked = normalized.replace(NAME_PATTERN, (name: string) => {
    const symbol = BY_NAME.get(name) ?? name.toUpperCase();
    if (!symbols.includes(symbol)) symbols.push(symbol);
    return placeholder;
  });
  return { masked, symbols };
}
