import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc } from '../rpc';
import { IdSchema, IsoDateTimeSchema, withCaller } from './common';
import { EmptyQuerySchema } from './market';
import { IsoDateSchema, MarketSymbolSchema } from './market-common';
import { ALERTS_FREE_MAX, ALERTS_PATHS, ALERTS_PREMIUM_MAX, ALERT_KINDS, PREMIUM_ALERT_KINDS, RSI_ALERT_LEVELS, ALERT_LEVEL_MAX, ALERT_MOVE_MAX_PCT } from '../values/alerts';
export { ALERT_KINDS, PREMIUM_ALERT_KINDS, RSI_ALERT_LEVELS, ALERTS_FREE_MAX, ALERTS_PREMIUM_MAX, ALERT_LEVEL_MAX, ALERT_MOVE_MAX_PCT } from '../values/alerts';

const TAG = 'portfolio';

// ---- what an alert watches ------------------------------------------------------------------------------------------

export type AlertKind = (typeof ALERT_KINDS)[number];


/** Whether an alert of this kind needs a premium account. */
export const isPremiumAlertKind = (kind: AlertKind): boolean => PREMIUM_ALERT_KINDS.includes(kind);



const rupees = z.number().positive().max(ALERT_LEVEL_MAX);

export const PriceAboveRuleSchema = z.object({ kind: z.literal('price_above'), params: z.object({ level: rupees }) });
export const PriceBelowRuleSchema = z.object({ kind: z.literal('price_below'), params: z.object({ level: rupees }) });

/**
 * A day's close against the previous trading day's close, in percent (5 = 5 %): `up` fires on a rise of at least
 * `threshold_pct`, `down` on a fall of at least that much, `either` on both.
 */
export const MovePctRuleSchema = z.object({
  kind: z.literal('move_pct'),
  params: z.object({
    threshold_pct: z.number().positive().max(ALERT_MOVE_MAX_PCT),
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

// ---- alerts ---------------------------------------------------------------------------------------------------------

export const AlertCreateRequestSchema = z.object({
  symbol: MarketSymbolSchema,
  rule: AlertRuleSchema,
  /** Also send each notification of this alert by e-mail (to the account's address). */
  email: z.boolean().default(true),
});
export type AlertCreateRequest = z.infer<typeof AlertCreateRequestSchema>;

export const PriceAlertSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  company: z.string(),
  rule: AlertRuleSchema,
  /** What the alert watches, as a sentence ("RELIANCE closes above ₹3,000"). */
  description: z.string(),
  email: z.boolean(),
  created_at: IsoDateTimeSchema,
  /** The market day of the latest close it has checked, and the day it last fired (null: not yet). */
  checked_through: IsoDateSchema.nullable(),
  last_fired: IsoDateSchema.nullable(),
  /** `paused`: an RSI alert of an account whose premium has ended; it is checked again once premium is back. */
  status: z.enum(['active', 'paused']),
});
export type PriceAlert = z.infer<typeof PriceAlertSchema>;

export const AlertsSchema = z.object({
  alerts: z.array(PriceAlertSchema),
  /** How many alerts this account may keep (ALERTS_FREE_MAX or ALERTS_PREMIUM_MAX), and whether it is premium. */
  limit: z.number().int(),
  is_premium: z.boolean(),
});
export type Alerts = z.infer<typeof AlertsSchema>;

export const AlertDeleteRequestSchema = z.object({ id: IdSchema });

// ---- notifications --------------------------------------------------------------------------------------------------

/** Notifications kept per user: older ones are deleted when new ones arrive. */
export const NOTIFICATIONS_KEPT = 200;

export const NotificationSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** The market day the alert fired on and the sentence people read. */
  date: IsoDateSchema,
  message: z.string(),
  created_at: IsoDateTimeSchema,
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number().int() });
export type Notifications = z.infer<typeof NotificationsSchema>;
export const UnreadCountSchema = z.object({ unread: z.number().int() });

/** Mark some notifications read (`ids`), or all of them (no ids). */
export const NotificationsReadRequestSchema = z.object({ ids: z.array(IdSchema).max(NOTIFICATIONS_KEPT).optional() });

// ---- RPC ------------------------------------------------------------------------------------------------------------

export const AlertsPayloadSchema = withCaller(EmptyQuerySchema);
export const AlertCreatePayloadSchema = withCaller(AlertCreateRequestSchema);
export const AlertDeletePayloadSchema = withCaller(AlertDeleteRequestSchema);
export const NotificationsPayloadSchema = withCaller(EmptyQuerySchema);
export const NotificationsReadPayloadSchema = withCaller(NotificationsReadRequestSchema);

/** RPC patterns of the alerts and notifications, answered by services/portfolio (PORTFOLIO includes them). */
export const ALERTS = {
  alerts: defineRpc('portfolio', 'alerts', AlertsPayloadSchema, AlertsSchema, 10_000),
  createAlert: defineRpc('portfolio', 'createAlert', AlertCreatePayloadSchema, AlertsSchema, { deadlineMs: 10_000, sideEffects: true }),
  deleteAlert: defineRpc('portfolio', 'deleteAlert', AlertDeletePayloadSchema, AlertsSchema, 10_000),
  notifications: defineRpc('portfolio', 'notifications', NotificationsPayloadSchema, NotificationsSchema, 10_000),
  unreadNotifications: defineRpc('portfolio', 'unreadNotifications', NotificationsPayloadSchema, UnreadCountSchema, 5_000),
  markNotificationsRead: defineRpc('portfolio', 'markNotificationsRead', NotificationsReadPayloadSchema, NotificationsSchema, 10_000),
};

// ---- HTTP routes ----------------------------------------------------------------------------------------------------

export const ALERT_ROUTES = {
  portfolioAlerts: defineRoute({
    method: 'GET',
    path: ALERTS_PATHS.portfolioAlerts,
    tag: TAG,
    summary: 'Your price alerts, with how many you may keep.',
    auth: 'user',
    input: EmptyQuerySchema,
    response: AlertsSchema,
    rpc: ALERTS.alerts,
  }),
  portfolioCreateAlert: defineRoute({
    method: 'POST',
    path: ALERTS_PATHS.portfolioCreateAlert,
    tag: TAG,
    summary: `Set an alert on a stock: its close above or below a price, a move in a day, a new 52-week high or low (${ALERTS_FREE_MAX} alerts free, ${ALERTS_PREMIUM_MAX} with Premium), or its RSI crossing 30 or 70 (Premium). It is checked after every market data import and fires once per crossing.`,
    auth: 'user',
    input: AlertCreateRequestSchema,
    response: AlertsSchema,
    rpc: ALERTS.createAlert,
    rateLimitPerMinute: 30,
    premiumTool: { tool: 'indicatorAlerts', appliesTo: (input: AlertCreateRequest) => isPremiumAlertKind(input.rule.kind) },
  }),
  portfolioDeleteAlert: defineRoute({
    method: 'POST',
    path: ALERTS_PATHS.portfolioDeleteAlert,
    tag: TAG,
    summary: 'Delete one of your alerts.',
    auth: 'user',
    input: AlertDeleteRequestSchema,
    response: AlertsSchema,
    rpc: ALERTS.deleteAlert,
    rateLimitPerMinute: 60,
  }),
  notifications: defineRoute({
    method: 'GET',
    path: ALERTS_PATHS.notifications,
    tag: TAG,
    summary: 'Your notifications from alerts that fired, newest first, with the number unread.',
    auth: 'user',
    input: EmptyQuerySchema,
    response: NotificationsSchema,
    rpc: ALERTS.notifications,
  }),
  notificationsUnread: defineRoute({
    method: 'GET',
    path: ALERTS_PATHS.notificationsUnread,
    tag: TAG,
    summary: 'How many of your notifications are unread (for the badge in the header).',
    auth: 'user',
    input: EmptyQuerySchema,
    response: UnreadCountSchema,
    rpc: ALERTS.unreadNotifications,
    rateLimitPerMinute: 120,
  }),
  notificationsRead: defineRoute({
    method: 'POST',
    path: ALERTS_PATHS.notificationsRead,
    tag: TAG,
    summary: 'Mark notifications read: those named, or all.',
    auth: 'user',
    input: NotificationsReadRequestSchema,
    response: NotificationsSchema,
    rpc: ALERTS.markNotificationsRead,
    rateLimitPerMinute: 60,
  }),
};
