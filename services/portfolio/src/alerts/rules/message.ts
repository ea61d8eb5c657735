import type { SymbolFigures } from './figures';
import type { AlertRule } from './kinds';

/*
 * The sentences people read in the notifications list and the e-mail: rupees with ₹ and Indian digit grouping
 * (₹12,34,567.50), market dates as "28 Mar 2024", as the chat service writes them.
 */

// ICU's en-IN spells September "Sept"; notifications keep the three-letter "d MMM yyyy" people read everywhere else.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

// Built once: an Intl formatter costs far more to create than to use, and an import can fire thousands of alerts.
const paise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwoDecimals = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A rupee amount: '₹2,971.70', or '₹2,950' when it has no paise (an alert level as the user typed it). */
export const formatRupees = (value: number): string =>
  Math.round(value * 100) % 100 === 0 ? wholeRupees.format(value) : paise.format(value);

/** A market date, e.g. '2024-03-28' → '28 Mar 2024'. */
export const formatDate = (isoDate: string): string => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
};

/** The sentence for an alert of `rule` on `symbol` that fired on the figures' day `index`. */
export const firedMessage = (rule: AlertRule, symbol: string, figures: SymbolFigures, index: number): string => {
  const close = figures.closes[index]!;
  const closed = `${symbol} closed at ${formatRupees(close)} on ${formatDate(figures.dates[index]!)}`;
  switch (rule.kind) {
    case 'price_above':
    case 'price_below': {
      const { level } = rule.params;
      const side = close === level ? 'at' : rule.kind === 'price_above' ? 'above' : 'below';
      return `${closed}, ${side} your alert level of ${formatRupees(level)}`;
    }
    case 'move_pct': {
      const previous = figures.closes[index - 1]!;
      const change = (close / previous - 1) * 100;
      const { threshold_pct: threshold, direction } = rule.params;
      const asked = direction === 'up' ? 'a rise' : direction === 'down' ? 'a fall' : 'a move';
      const either = direction === 'either' ? ' either way' : '';
      return (
        `${closed}, ${change >= 0 ? 'up' : 'down'} ${twoDecimals.format(Math.abs(change))}% from the previous close ` +
        `of ${formatRupees(previous)} (your alert: ${asked} of ${upToTwoDecimals.format(threshold)}% or more${either})`
      );
    }
    case 'rsi_cross': {
      const { level, direction } = rule.params;
      const moved = direction === 'above' ? 'rose' : 'fell';
      return (
        `${symbol}'s 14-day RSI ${moved} to ${twoDecimals.format(figures.rsi[index]!)} on ` +
        `${formatDate(figures.dates[index]!)}, crossing ${direction} your alert level of ${level} ` +
        `(close ${formatRupees(close)})`
      );
    }
    case 'high_52w': {
      const previous = formatRupees(figures.previousHigh[index]!);
      return `${closed}, a new 52-week high above the previous high close of ${previous}`;
    }
    case 'low_52w': {
      const previous = formatRupees(figures.previousLow[index]!);
      return `${closed}, a new 52-week low below the previous low close of ${previous}`;
    }
  }
};

/** What an alert watches, as the alerts list says it: 'RELIANCE closes at or above ₹3,000'. */
export const describeAlert = (rule: AlertRule, symbol: string): string => {
  switch (rule.kind) {
    case 'price_above':
      return `${symbol} closes at or above ${formatRupees(rule.params.level)}`;
    case 'price_below':
      return `${symbol} closes at or below ${formatRupees(rule.params.level)}`;
    case 'move_pct': {
      const { threshold_pct: threshold, direction } = rule.params;
      const verb = direction === 'up' ? 'rises' : direction === 'down' ? 'falls' : 'moves';
      return `${symbol} ${verb} ${upToTwoDecimals.format(threshold)}% or more in a day${direction === 'either' ? ', up or down' : ''}`;
    }
    case 'rsi_cross':
      return `${symbol}'s 14-day RSI ${rule.params.direction === 'above' ? 'rises' : 'falls'} to ${rule.params.level}`;
    case 'high_52w':
      return `${symbol} closes at a new 52-week high`;
    case 'low_52w':
      return `${symbol} closes at a new 52-week low`;
  }
};
