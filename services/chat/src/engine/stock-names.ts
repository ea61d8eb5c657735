import { normalise } from './normalise';

/**
 * Names people type for NSE stocks (normalised), by symbol: the NIFTY 50 stocks Nivesh holds and a few other
 * much-discussed ones. Upper-case symbols ("INFY") are recognised without this list.
 */
const NAMES: Readonly<Record<string, readonly string[]>> = {
  ADANIPORTS: ['adani ports', 'adaniports'],
  ADANIENT: ['adani enterprises', 'adanient', 'adani'],
  ASIANPAINT: ['asian paints', 'asian paint', 'asianpaint'],
  AXISBANK: ['axis bank', 'axisbank'],
  'BAJAJ-AUTO': ['bajaj auto'],
  BAJAJFINSV: ['bajaj finserv', 'bajajfinsv'],
  BAJFINANCE: ['bajaj finance', 'bajfinance'],
  BHARTIARTL: ['bharti airtel', 'airtel', 'bhartiartl'],
  BPCL: ['bpcl', 'bharat petroleum'],
  BRITANNIA: ['britannia'],
  CIPLA: ['cipla'],
  COALINDIA: ['coal india', 'coalindia'],
  DRREDDY: ['dr reddy', 'dr reddy s', 'dr reddys', 'drreddy'],
  EICHERMOT: ['eicher motors', 'eicher', 'eichermot'],
  GAIL: ['gail'],
  GRASIM: ['grasim'],
  HCLTECH: ['hcl tech', 'hcl technologies', 'hcltech'],
  HDFCBANK: ['hdfc bank', 'hdfcbank', 'hdfc'],
  HEROMOTOCO: ['hero motocorp', 'heromotoco'],
  HINDALCO: ['hindalco'],
  HINDUNILVR: ['hindustan unilever', 'hindunilvr', 'hul'],
  ICICIBANK: ['icici bank', 'icicibank', 'icici'],
  INDUSINDBK: ['indusind bank', 'indusind', 'indusindbk'],
  INFY: ['infosys', 'infy'],
  IOC: ['indian oil', 'ioc'],
  ITC: ['itc'],
  JSWSTEEL: ['jsw steel', 'jswsteel'],
  KOTAKBANK: ['kotak mahindra bank', 'kotak bank', 'kotakbank', 'kotak'],
  LT: ['larsen and toubro', 'larsen toubro', 'larsen', 'l t'],
  MARUTI: ['maruti suzuki', 'maruti'],
  'M&M': ['mahindra and mahindra', 'mahindra mahindra', 'm m'],
  NESTLEIND: ['nestle india', 'nestle', 'nestleind'],
  NTPC: ['ntpc'],
  ONGC: ['ongc'],
  POWERGRID: ['power grid', 'powergrid'],
  RELIANCE: ['reliance industries', 'reliance', 'ril'],
  SBIN: ['state bank of india', 'state bank', 'sbin', 'sbi'],
  SHREECEM: ['shree cement', 'shreecem'],
  SUNPHARMA: ['sun pharma', 'sun pharmaceutical', 'sunpharma'],
  TATAMOTORS: ['tata motors', 'tatamotors'],
  TATASTEEL: ['tata steel', 'tatasteel'],
  TCS: ['tata consultancy services', 'tata consultancy', 'tcs'],
  TECHM: ['tech mahindra', 'techm'],
  TITAN: ['titan company', 'titan'],
  ULTRACEMCO: ['ultratech cement', 'ultratech', 'ultracemco'],
  UPL: ['upl'],
  VEDL: ['vedanta', 'vedl'],
  WIPRO: ['wipro'],
  ZEEL: ['zee entertainment', 'zeel'],
  ZOMATO: ['zomato'],
  PAYTM: ['paytm'],
  IRCTC: ['irctc'],
  YESBANK: ['yes bank', 'yesbank'],
  TATAPOWER: ['tata power', 'tatapower'],
  JIOFIN: ['jio financial', 'jiofin'],
};

const BY_NAME = new Map(Object.entries(NAMES).flatMap(([symbol, names]) => names.map((name) => [name, symbol] as const)));
/** Every name as one alternation, longest first, so "tata motors" wins over a shorter name inside it. */
export const NAME_PATTERN_SOURCE = [...BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|');
const NAME_PATTERN = new RegExp(`\\b(${NAME_PATTERN_SOURCE})\\b`, 'g');

/** The symbol of a name or symbol as people type it ("Infosys", "m&m"), or undefined. */
export const symbolForName = (name: string): string | undefined => BY_NAME.get(normalise(name));

/** The symbols of the stock names in a text, in order of appearance. */
export const namedSymbols = (text: string): string[] => [...normalise(text).matchAll(NAME_PATTERN)].map((match) => BY_NAME.get(match[1]!)!);
