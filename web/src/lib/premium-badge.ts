/**
 * The premium badge in the sidebar header (section 2): the plan name with 'Premium', its price text
 * and 'Monthly/Yearly' stripped, and 'Test User' for test plans.
 *
 * The rule, in order:
 * 1. no plan name (unknown, empty) -> 'Premium';
 * 2. the name contains 'test' in any case -> 'Test User';
 * 3. price text goes: amounts with ₹, Rs or INR (either side of the number) with an optional
 *    '/month', 'per year'…, and any bracketed part holding a digit or a currency;
 * 4. billing words go: Monthly, Yearly, Annual(ly), Quarterly, and Plan or Subscription;
 *    underscores count as spaces and leftover punctuation is dropped;
 * 5. what remains gets ' Premium' after it unless it already says Premium (then 'Premium' is
 *    capitalised in place); nothing left -> 'Premium';
 * 6. longer than 24 characters -> its first word and ' Premium'.
 */

/** Longest badge text before it is shortened to the first word. */
export const PREMIUM_BADGE_MAX_LENGTH = 24;

const PERIOD = String.raw`(?:\s*(?:\/|\bper\b)\s*(?:month|mo|year|yr|annum)\b)?`;
const AMOUNT = String.raw`\d[\d,]*(?:\.\d+)?`;
const CURRENCY = String.raw`(?:₹|\brs\b\.?|\binr\b|\brupees?\b)`;

const BRACKETED_PRICE = /[([][^)\]]*(?:\d|₹|\brs\b|\binr\b)[^)\]]*[)\]]/gi;
const PRICE_CURRENCY_FIRST = new RegExp(`${CURRENCY}\\s*${AMOUNT}${PERIOD}`, 'gi');
const PRICE_AMOUNT_FIRST = new RegExp(`\\b${AMOUNT}\\s*${CURRENCY}${PERIOD}`, 'gi');
const LONE_PERIOD = /(?:\/|\bper\s+)(?:month|mo|year|yr|annum)\b/gi;
const BILLING_WORDS = /\b(?:monthly|yearly|annual(?:ly)?|quarterly|plan|subscription)\b/gi;
const PREMIUM_WORD = /\bpremium\b/i;

export const premiumBadgeText = (planName: string | null | undefined): string => {
  const name = (planName ?? '').trim();
  if (name === '') return 'Premium';
  if (/test/i.test(name)) return 'Test User';

  const words = name
    .replace(/_/g, ' ')
    .replace(BRACKETED_PRICE, ' ')
    .replace(PRICE_CURRENCY_FIRST, ' ')
    .replace(PRICE_AMOUNT_FIRST, ' ')
    .replace(LONE_PERIOD, ' ')
    .replace(BILLING_WORDS, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
  if (words.length === 0) return 'Premium';

  const text = PREMIUM_WORD.test(words.join(' '))
    ? words.map((word) => (/^premium$/i.test(word) ? 'Premium' : word)).join(' ')
    : `${words.join(' ')} Premium`;
  if (text.length <= PREMIUM_BADGE_MAX_LENGTH) return text;
  return /^premium$/i.test(words[0]) ? 'Premium' : `${words[0]} Premium`;
};
