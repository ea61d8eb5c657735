import type { MarketRisk, RiskFlag } from '@nivesh/proto';
import type { RiskRange } from './api/get-risk';

/** The periods the figures can cover, as the buttons name them. */
export const RISK_RANGES: ReadonlyArray<{ value: RiskRange; label: string }> = [
  { value: '1y', label: '1Y' },
  { value: '5y', label: '5Y' },
  { value: 'max', label: 'Max' },
];

export const DEFAULT_RISK_RANGE: RiskRange = '1y';

/** How each kind of unusual trading day is named in the flags table. */
export const FLAG_KIND_NAMES: Record<RiskFlag['kind'], string> = {
  pump_and_dump: 'Volume spike with a price jump, then given back (pump-and-dump pattern)',
  gap: 'Gap',
  limit_move: 'Limit-like move',
};

export const RISK_LEVEL_NAMES: Record<MarketRisk['level'], string> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
};

export const RISK_TEXTS = {
  volatility: 'How widely the price has swung from day to day, scaled to a year. The higher it is, the bumpier the ride.',
  drawdown: 'The deepest fall from a high to a later low in this period: what someone who bought at the peak saw at the worst point.',
  betaNull: 'Not enough trading days in common with NIFTY 50 to measure it.',
  var: 'On 95 of 100 days, the one-day fall was smaller than this.',
  varCaveat: 'Measured on past days; the other 5 days can fall much further.',
  level:
    'The level describes the figures above; it is not a rating or a recommendation. High: yearly volatility above 40% or a ' +
    'pump-and-dump pattern in the last three months. Moderate: volatility above 25% or a fall deeper than 30% from a peak. ' +
    'Low: neither.',
  flagsLead:
    'Days on which trading looked unusual: very high volume with a sharp rise that is soon given back (the trace pump-and-dump schemes leave), ' +
    'openings far from the previous close, and moves close to the 10% price band. A flag is a reason to look closer, not proof of wrongdoing.',
  noFlags: 'No unusual trading days in this period.',
  /** Completes the short-history sentence: "…; its risk figures need 21, so they appear as more days arrive." */
  shortHistoryWhat: 'its risk figures',
} as const;

/** Beta in words, e.g. 'When NIFTY 50 moved 1%, this stock tended to move about 1.12% the same way. …' */
export const betaMeaning = (beta: number, format: (value: number) => string) =>
  `When NIFTY 50 moved 1%, this stock tended to move about ${format(Math.abs(beta))}% ${beta < 0 ? 'the other way' : 'the same way'}. ` +
  'Above 1 it swings more than the index, below 1 less.';

/** A guide to spotting investment fraud, in our own words. */
export const FRAUD_WARNING_SIGNS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Advisers who are not registered with SEBI',
    text:
      'Anyone in India who charges for investment advice must be registered with SEBI as an investment adviser, and anyone who ' +
      'publishes stock recommendations as a research analyst. Before you pay or follow anyone, look up their name and registration ' +
      "number in the lists of registered intermediaries on SEBI's website, sebi.gov.in. If you cannot find them there, walk away.",
  },
  {
    title: "Promises of guaranteed or very high 'assured' returns",
    text:
      "Nobody can promise what a share will return. Promises of 'fixed' profits, 'assured' monthly income or 'double your money in " +
      "three months' are how many frauds begin. The bigger and surer the promise, the more careful you should be.",
  },
  {
    title: 'Tips in WhatsApp and Telegram groups and on social media',
    text:
      "In a 'pump and dump', operators quietly buy a cheap, thinly traded share, then push it in chat groups, videos and posts until " +
      'new buyers rush in and the price climbs. They sell their own shares to those buyers; the price falls back and the late buyers ' +
      'are left with the loss. A sharp rise on huge volume with no news from the company, which the flags above look for, can be a sign.',
  },
  {
    title: 'Pressure to act fast',
    text:
      "'Only today', 'last few seats', 'keep this to yourself': urgency and secrecy are there to stop you from checking. A genuine " +
      "opportunity is still there after a day's thought and a word with someone you trust.",
  },
  {
    title: 'Requests for OTPs, passwords or money sent to personal accounts',
    text:
      'No genuine broker, adviser, exchange or regulator asks for your OTP, PIN or password. Money for investing goes only to your ' +
      "broker's account in the broker's registered name, never to a person's bank account or UPI ID.",
  },
  {
    title: "Unsolicited offers to 'manage' your demat account",
    text:
      'Strangers who offer to trade your demat or trading account for a share of the profits often run up losses with trades you never ' +
      'agreed to. Only SEBI-registered portfolio managers may manage other people\'s investments. Keep your login to yourself and ' +
      'do not sign a power of attorney you do not fully understand.',
  },
];

/** Where to report a suspected fraud. */
export const FRAUD_REPORTING: ReadonlyArray<{ title: string; text: string; href: string; linkText: string }> = [
  {
    title: 'SEBI SCORES',
    text: "SEBI's online complaints system, for complaints about listed companies and SEBI-registered brokers, advisers and other intermediaries:",
    href: 'https://scores.sebi.gov.in/',
    linkText: 'scores.sebi.gov.in',
  },
  {
    title: 'The stock exchange',
    text: 'NSE and BSE take investor complaints about their member brokers and the companies listed on them:',
    href: 'https://www.nseindia.com/',
    linkText: 'nseindia.com',
  },
  {
    title: 'Cyber fraud',
    text: 'If money has been taken or your account misused, report it at once, and tell your bank. The sooner you report, the better the chance of stopping the money:',
    href: 'https://cybercrime.gov.in/',
    linkText: 'cybercrime.gov.in',
  },
];

export const CYBERCRIME_HELPLINE = '1930';
