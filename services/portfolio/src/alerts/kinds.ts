import { z } from 'zod';

/*
 * Conventions of the alert engine (everything in this folder): dates are 'YYYY-MM-DD' market dates; prices are
 * rupees as plain numbers, closes adjusted for corporate actions as the market service's history answers them (so an
 * ex-date is not a move); every function is pure: no I/O, no clock, no database.
 */

export const ALERT_KINDS = ['price_above', 'price_below', 'move_pct', 'rsi_cross', 'high_52w', 'low_52w'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The indicator alerts: premium only, gated through the premium tool list like the other indicator tools. */
export const PREMIUM_ALERT_KINDS: readonly AlertKind[] = ['rsi_cross'];

/** Whether an alert of this kind needs a premium account. */
export const isPremiumAlertKind = (kind: AlertKind): boolean => PREMIUM_ALERT_KINDS.includes(kind);

/** The RSI levels an alert can watch: the textbook overbought and oversold lines the Technical Analysis page draws. */
export const RSI_ALERT_LEVELS = [30, 70] as const;

const rupees = z.number().positive();

export const PriceAboveRuleSchema = z.object({ kind: z.literal('price_above'), params: z.object({ level: rupees }) });
export const PriceBelowRuleSchema = z.object({ kind: z.literal('price_below'), params: z.object({ level: rupees }) });

/**
 * A day's close against the previous trading day's close, in percent (5 = 5 %): `up` fires on a rise of at least
 * `threshold_pct`, `down` on a fall of at least that much, `either` on both.
 */
export const MovePctRuleSchema = z.object({
  kind: z.literal('move_pct'),
  params: z.object({
    threshold_pct: z.number().positive().max(100),
    direction: z.enum(['up', 'down', 'either']),
  }),
});

/** The 14-day RSI reaching `level` from the other side: `above` when it rises to it, `below` when it falls to it. */
export const RsiCrossRuleSchema = z.object({
  kind: z.literal('rsi_cross'),
  params: z.object({
    level: z.union([z.literal(RSI_ALERT_LEVELS[0]), z.literal(RSI_ALERT_LEVELS[1])]),
    direction: z.enum(['above', 'below']),
  }),
});

/** A close above (below) every close of the 251 trading days before it: a new 52-week high (low) on the close. */
export const High52wRuleSchema = z.object({ kind: z.literal('high_52w'), params: z.object({}).strict() });
export const Low52wRuleSchema = z.object({ kind: z.literal('low_52w'), params: z.object({}).strict() });

/** What an alert watches: its kind and that kind's parameters. */
export const AlertRuleSchema = z.discriminatedUnion('kind', [
  PriceAboveRuleSchema,
  PriceBelowRuleSchema,
  MovePctRuleSchema,
  RsiCrossRuleSchema,
  High52wRuleSchema,
  Low52wRuleSchema,
]);
export type AlertRule = z.infer<typeof AlertRuleSchema>;
export type MovePctRule = z.infer<typeof MovePctRuleSchema>;
export type RsiCrossRule = z.infer<typeof RsiCrossRuleSchema>;
