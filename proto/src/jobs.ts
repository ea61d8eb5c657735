import { z } from 'zod';

export type QueueDefinition<J extends Record<string, z.ZodType> = Record<string, z.ZodType>> = {
  readonly name: string;
  /** Job name -> payload schema. Each job name has exactly one handler. */
  readonly jobs: J;
  /** Attempts before a job is given up (with exponential backoff). */
  readonly attempts: number;
  readonly backoffMs: number;
};

/** Declares a BullMQ queue with its job names and payload schemas. */
export const defineQueue = <J extends Record<string, z.ZodType>>(
  name: string,
  jobs: J,
  options: { attempts?: number; backoffMs?: number } = {},
): QueueDefinition<J> => ({ name, jobs, attempts: options.attempts ?? 8, backoffMs: options.backoffMs ?? 1_000 });

export const OtpPurposeSchema = z.enum(['registration', 'login', 'password_reset']);
export type OtpPurpose = z.infer<typeof OtpPurposeSchema>;

/**
 * An OTP mail. The code itself is never in the job in clear: `sealed_code` is AES-256-GCM ciphertext
 * (base64url of iv | tag | ciphertext) under a key only auth and its mail worker hold.
 */
export const OtpEmailJobSchema = z.object({
  email: z.email(),
  username: z.string(),
  purpose: OtpPurposeSchema,
  sealed_code: z.string().min(16),
  expires_at: z.iso.datetime(),
});
export type OtpEmailJob = z.infer<typeof OtpEmailJobSchema>;

/**
 * A page view or heartbeat as the gateway queues it. `event_id` is the job id and the row's key, so a job delivered
 * twice is stored once. No address is queued: `visitor_id` is a hash of the address and user agent under a salt that
 * changes every day (Plausible's method); the user agent is reduced to browser, system and device before it is stored.
 */
export const VisitorHeartbeatJobSchema = z.object({
  event_id: z.uuid(),
  session_id: z.string().min(1).max(128),
  page_url: z.string().max(2048),
  user_agent: z.string().max(1024),
  screen_resolution: z.string().max(32),
  page_load_time: z.number().nonnegative().optional(),
  session_duration: z.number().nonnegative().optional(),
  referrer: z.string().max(2048).optional(),
  visitor_id: z.string().regex(/^[0-9a-f]{32}$/),
  received_at: z.iso.datetime(),
});
export type VisitorHeartbeatJob = z.infer<typeof VisitorHeartbeatJobSchema>;

export const VisitorSessionEndJobSchema = z.object({
  event_id: z.uuid(),
  session_id: z.string().min(1).max(128),
  total_duration: z.number().nonnegative(),
  pages_visited: z.number().int().nonnegative(),
  total_page_views: z.number().int().nonnegative(),
  visitor_id: z.string().regex(/^[0-9a-f]{32}$/),
  received_at: z.iso.datetime(),
});
export type VisitorSessionEndJob = z.infer<typeof VisitorSessionEndJobSchema>;

/**
 * The events one gateway instance received within a few milliseconds, queued as one job (its id is random; each event
 * keeps its own id as its row key, so a replayed batch stores nothing twice). The gateway sends this; the single-event
 * jobs above stay valid for other producers.
 */
export const VisitorEventsBatchJobSchema = z.object({
  heartbeats: z.array(VisitorHeartbeatJobSchema).max(1_000).default([]),
  session_ends: z.array(VisitorSessionEndJobSchema).max(1_000).default([]),
});
export type VisitorEventsBatchJob = z.infer<typeof VisitorEventsBatchJobSchema>;

/** The tracking service's upkeep: daily rollups of finished days, and deleting raw events past their retention. */
export const TrackingMaintenanceJobSchema = z.object({ reason: z.string().max(64).default('schedule') });
export type TrackingMaintenanceJob = z.infer<typeof TrackingMaintenanceJobSchema>;

/** A directory in the shared dataset's format: symbols.csv and one CSV per symbol. */
export const MarketCsvImportJobSchema = z.object({ dir: z.string().min(1) });
/** NSE end-of-day files: equity bhavcopies (legacy or UDiFF format) and index close files, imported together in one transaction. */
export const MarketBhavcopyImportJobSchema = z.object({ files: z.array(z.string().min(1)).min(1).max(400) });
/** NSE financial-results filings (XBRL): files, or folders searched for .xml files, imported in one transaction. */
export const MarketXbrlImportJobSchema = z.object({ paths: z.array(z.string().min(1)).min(1).max(5_000) });
export type MarketXbrlImportJob = z.infer<typeof MarketXbrlImportJobSchema>;
/** Daily bars from the live provider (Yahoo Finance, symbols as RELIANCE.NS) since the latest stored bar. */
export const MarketProviderImportJobSchema = z.object({
  symbols: z.array(z.string().min(1).max(32)).min(1).max(100),
  /** Bars before this date are not fetched; default: the day after each symbol's latest stored bar. */
  from: z.iso.date().optional(),
});
export type MarketCsvImportJob = z.infer<typeof MarketCsvImportJobSchema>;
export type MarketBhavcopyImportJob = z.infer<typeof MarketBhavcopyImportJobSchema>;
export type MarketProviderImportJob = z.infer<typeof MarketProviderImportJobSchema>;

/** Compute the common market answers of one data version ahead of users (queued after every import that adds data). */
export const MarketWarmJobSchema = z.object({
  version: z.string().min(1).max(32),
  /** Only these symbols (default: every stored symbol). */
  symbols: z.array(z.string().min(1).max(32)).min(1).max(100).optional(),
});
export type MarketWarmJob = z.infer<typeof MarketWarmJobSchema>;

/**
 * Back-test TrendVision's models on one market data version (queued by the market service after every import that
 * adds data, and by the prediction service at start when stored back-tests are missing).
 */
export const PredictionBacktestJobSchema = z.object({
  version: z.string().min(1).max(32),
  /** Only these symbols (default: every stored symbol). */
  symbols: z.array(z.string().min(1).max(32)).min(1).max(100).optional(),
  /** Fit every origin again, even of current prices (default: only origins a new day adds or changed closes reach). */
  full: z.boolean().optional(),
});
export type PredictionBacktestJob = z.infer<typeof PredictionBacktestJobSchema>;

/** Deletes Warren AI conversations past their retention; repeated every hour, carries nothing. */
/** An hourly purge of expired records (chat transcripts, audit records): no payload. */
export const ChatRetentionJobSchema = z.object({});
export type ChatRetentionJob = z.infer<typeof ChatRetentionJobSchema>;

/**
 * One payment webhook whose signature the gateway has checked, exactly as it arrived: the premium worker reads
 * the raw body (the bytes that were signed) into provider events. `event_id` is the provider's event id
 * (x-razorpay-event-id), or a hash of the body when a delivery has none, so retries deduplicate.
 */
export const PaymentWebhookJobSchema = z.object({
  provider: z.literal('razorpay'),
  event_id: z.string().min(1).max(200),
  raw_body: z.string().min(2).max(256 * 1024),
  received_at: z.iso.datetime(),
});
export type PaymentWebhookJob = z.infer<typeof PaymentWebhookJobSchema>;

/** Ends subscriptions whose paid period is over (repeated every few minutes); carries nothing. */
export const PremiumExpiryJobSchema = z.object({});
/** Asks the payment provider about subscriptions stuck awaiting payment (repeated every few minutes); carries nothing. */
export const PremiumReconcileJobSchema = z.object({});
/** Tells the provider a subscription must not renew (the user cancelled, or walked away from a checkout); retried until it answers. */
export const PremiumProviderCancelJobSchema = z.object({ provider_subscription_id: z.string().min(1).max(200) });

/**
 * Evaluate every price alert on the market data of one version (queued by the market service after every import that
 * adds data; the job id carries the version, so one evaluation runs per version however often it is asked for).
 */
export const PortfolioAlertsJobSchema = z.object({ version: z.string().min(1).max(32) });
export type PortfolioAlertsJob = z.infer<typeof PortfolioAlertsJobSchema>;

/**
 * The alerts of one user that fired in one evaluation, to be e-mailed by auth's mail worker (which owns the address):
 * the portfolio service knows accounts only by id. The sentences are those of the notifications list.
 */
export const AlertEmailJobSchema = z.object({
  user_id: z.string().min(1).max(128),
  alerts: z
    .array(z.object({ symbol: z.string().min(1).max(32), date: z.iso.date(), message: z.string().min(1).max(400) }))
    .min(1)
    .max(200),
});
export type AlertEmailJob = z.infer<typeof AlertEmailJobSchema>;

/** Fetch the configured press feeds (NEWS_FEEDS) that are due; repeated every few minutes, carries only why it ran. */
export const NewsFeedsJobSchema = z.object({ reason: z.string().max(64).default('schedule') });
export type NewsFeedsJob = z.infer<typeof NewsFeedsJobSchema>;

/**
 * One run of the market service's daily pipeline (`market-daily`): the scheduler queues one every few minutes through
 * the evening, India time; an operator or a demo can queue one by hand. `at` replays the run as of that instant (the
 * demo's replayed days); without it the run is for now.
 */
export const MarketDailyJobSchema = z.object({ trigger: z.enum(['schedule', 'manual', 'replay']).default('schedule'), at: z.iso.datetime().optional() });
export type MarketDailyJob = z.infer<typeof MarketDailyJobSchema>;

/** Every queue of the system, declared once. */
export const QUEUES = {
  // The mail queue: OTP codes, and alert e-mails (the queue keeps its first name so jobs already queued still run).
  otpEmail: defineQueue('otp-email', { 'send-otp': OtpEmailJobSchema, 'send-alerts': AlertEmailJobSchema }, { attempts: 10, backoffMs: 2_000 }),
  visitorHeartbeats: defineQueue('visitor-heartbeats', {
    heartbeat: VisitorHeartbeatJobSchema,
    'session-end': VisitorSessionEndJobSchema,
    batch: VisitorEventsBatchJobSchema,
  }),
  trackingMaintenance: defineQueue('tracking-maintenance', { rollup: TrackingMaintenanceJobSchema, retention: TrackingMaintenanceJobSchema }, { attempts: 3, backoffMs: 60_000 }),
  marketImport: defineQueue(
    'market-import',
    { csv: MarketCsvImportJobSchema, bhavcopy: MarketBhavcopyImportJobSchema, provider: MarketProviderImportJobSchema, xbrl: MarketXbrlImportJobSchema },
    { attempts: 3, backoffMs: 5_000 },
  ),
  marketWarm: defineQueue('market-warm', { warm: MarketWarmJobSchema }, { attempts: 2, backoffMs: 10_000 }),
  // A failed daily run is not retried: the next scheduled one, minutes later, plans the missing days again.
  marketDaily: defineQueue('market-daily', { run: MarketDailyJobSchema }, { attempts: 1 }),
  // Five tries, 30 s apart and doubling: at start the market service may come up after this one.
  predictionBacktest: defineQueue('prediction-backtest', { backtest: PredictionBacktestJobSchema }, { attempts: 5, backoffMs: 30_000 }),
  portfolioAlerts: defineQueue('portfolio-alerts', { evaluate: PortfolioAlertsJobSchema }, { attempts: 5, backoffMs: 10_000 }),
  // Each feed keeps its own backoff; a failed run is simply the next scheduled one.
  newsFeeds: defineQueue('news-feeds', { fetch: NewsFeedsJobSchema }, { attempts: 1 }),
  chatRetention: defineQueue('chat-retention', { purge: ChatRetentionJobSchema }, { attempts: 3, backoffMs: 60_000 }),
  // The registered profile's audit records of forecasts shown, deleted after COMPLIANCE_AUDIT_RETENTION_DAYS.
  predictionAuditRetention: defineQueue('prediction-audit-retention', { purge: ChatRetentionJobSchema }, { attempts: 3, backoffMs: 60_000 }),
  // A webhook is retried for about an hour in all (its subscription may not be stored yet); reconciliation covers the rest.
  paymentEvents: defineQueue('payment-events', { 'razorpay-webhook': PaymentWebhookJobSchema }, { attempts: 12, backoffMs: 1_000 }),
  premiumMaintenance: defineQueue(
    'premium-maintenance',
    { expire: PremiumExpiryJobSchema, reconcile: PremiumReconcileJobSchema, 'provider-cancel': PremiumProviderCancelJobSchema },
    // 30 s doubling, ten times: a provider outage of up to about eight hours.
    { attempts: 10, backoffMs: 30_000 },
  ),
} as const;

/**
 * A queue's part in an event: the job it gets when the event is published, and that job's id, made from the event's
 * payload, so an event published twice queues each job once (BullMQ keeps the first job of an id).
 */
export type EventSubscription<P> = {
  readonly queue: QueueDefinition;
  readonly job: string;
  readonly jobId: (payload: P) => string;
};

/** The job `job` of `queue` as a subscriber of an event; `defineEvent` checks that the job's schema takes the event's payload. */
export const subscribe = <Q extends QueueDefinition, K extends keyof Q['jobs'] & string>(
  queue: Q,
  job: K,
  jobId: (payload: z.input<Q['jobs'][K]>) => string,
): EventSubscription<z.input<Q['jobs'][K]>> => ({ queue, job, jobId });

export type EventDefinition<P extends z.ZodType, S extends string> = {
  readonly name: string;
  readonly payload: P;
  /** Subscriber -> its queue, job and job id; publishing queues the jobs in this order. */
  readonly subscribers: { readonly [K in S]: EventSubscription<z.output<P>> };
};

/**
 * Declares an event: what happened (its payload schema) and the queues that hear of it. The service where it happens
 * publishes it (`EventPublisher` in @nivesh/platform) without naming the other services' queues; a subscriber is added
 * here, beside the job its queue already declares.
 */
export const defineEvent = <P extends z.ZodType, S extends string>(name: string, payload: P, subscribers: { [K in S]: EventSubscription<z.output<P>> }): EventDefinition<P, S> => ({
  name,
  payload,
  subscribers,
});

/** The market data changed: an import or the daily pipeline committed bars or corporate actions, and answers moved to data version `version`. */
export const MarketDataChangedEventSchema = z.object({ version: z.string().min(1).max(32) });
export type MarketDataChangedEvent = z.infer<typeof MarketDataChangedEventSchema>;

/** Every event of the system, declared once with its subscribers; each subscriber's job id carries the event's identity. */
export const EVENTS = {
  marketDataChanged: defineEvent('market-data-changed', MarketDataChangedEventSchema, {
    // Every price alert is evaluated on the new data (services/portfolio). Never switched off: an alert that does not
    // fire after an import is a broken promise.
    portfolioAlerts: subscribe(QUEUES.portfolioAlerts, 'evaluate', ({ version }) => `alerts-${version}`),
    // TrendVision's live record is scored and its back-tests brought up to the new prices (services/prediction, when
    // its PREDICTION_BACKTEST is on). Like the alerts, not tied to MARKET_WARM: the live record must not wait for a warm-up.
    predictionBacktest: subscribe(QUEUES.predictionBacktest, 'backtest', ({ version }) => `backtest-${version}`),
    // The new version's common answers are computed ahead of users (services/market, while its cache and MARKET_WARM are on).
    marketWarm: subscribe(QUEUES.marketWarm, 'warm', ({ version }) => `warm-${version}`),
  }),
} as const;
