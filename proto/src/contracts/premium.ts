import { z } from 'zod';
import { defineRoute } from '../http';
import { PREMIUM_TOOLS, type PremiumToolKey } from '../premium-tools';
import { defineRpc, systemPatterns } from '../rpc';
import { EmptyBodySchema, IdSchema, IsoDateTimeSchema, withCaller } from './common';
import { DEFAULT_PLAN_ID, DEVICE_FINGERPRINT_MAX_LENGTH, PREMIUM_PATHS } from '../values/premium';
export { PREMIUM_PRICE_INR_PER_MONTH, DEFAULT_PLAN_ID, DEVICE_FINGERPRINT_MAX_LENGTH } from '../values/premium';

const TAG = 'premium';


export const DeviceFingerprintSchema = z.string().trim().min(1).max(DEVICE_FINGERPRINT_MAX_LENGTH);
/** The client's public IP as a lookup service reported it, or 'unknown'. Informational only. */
export const ClientIpAddressSchema = z.string().trim().min(1).max(64).default('unknown');
export const PlanIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, { error: 'Unknown plan' });

/**
 * A subscription as the user sees it: `pending` until the payment is confirmed by the provider, `active`,
 * `cancelled` (renewal stopped; premium lasts until `expires_at`), `expired`, or `failed` (never paid).
 */
export const SubscriptionStatusSchema = z.enum(['pending', 'active', 'cancelled', 'expired', 'failed']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

// ---- bodies ---------------------------------------------------------------------------------

export const PremiumStatusQuerySchema = z.object({
  device_fingerprint: DeviceFingerprintSchema,
  ip_address: ClientIpAddressSchema,
});
export type PremiumStatusQuery = z.infer<typeof PremiumStatusQuerySchema>;

/** The one-device check; `logout_message` is set when this device lost premium to another one. */
export const DeviceCheckSchema = z.object({
  allowed: z.boolean(),
  reason: z.string().nullable(),
  logout_message: z.string().nullable(),
});
export type DeviceCheck = z.infer<typeof DeviceCheckSchema>;

export const SubscriptionSchema = z.object({
  /** Our subscription id: the payment pages carry it as `?subscription_id=`. */
  subscription_id: IdSchema,
  plan_id: z.string(),
  plan_name: z.string(),
  status: SubscriptionStatusSchema,
  expires_at: IsoDateTimeSchema.nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const PremiumUserSchema = z.object({
  user_id: IdSchema,
  username: z.string(),
  is_premium: z.boolean(),
  premium_expires_at: IsoDateTimeSchema.nullable(),
});
export type PremiumUser = z.infer<typeof PremiumUserSchema>;

/**
 * Premium status (section 3). `is_premium` is the account's entitlement; premium is active on this
 * device only when `is_premium && device_allowed`.
 */
export const PremiumStatusResponseSchema = z.object({
  success: z.boolean(),
  is_premium: z.boolean(),
  device_allowed: z.boolean(),
  device_check_reason: z.string().nullable(),
  device_check: DeviceCheckSchema,
  subscription: SubscriptionSchema.nullable(),
  user: PremiumUserSchema,
});
export type PremiumStatusResponse = z.infer<typeof PremiumStatusResponseSchema>;

export const SubscribeRequestSchema = z.object({
  plan_id: PlanIdSchema.default(DEFAULT_PLAN_ID),
  device_fingerprint: DeviceFingerprintSchema,
  ip_address: ClientIpAddressSchema,
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;
/** On success the client goes to `payment_url`; otherwise it shows `error`. */
export const SubscribeResponseSchema = z.object({
  success: z.boolean(),
  payment_url: z.url().nullable(),
  order_id: z.string().nullable(),
  error: z.string().nullable(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;

/** 'Use premium on this device': moves the account's premium to the device of this fingerprint. */
export const PremiumDeviceRequestSchema = PremiumStatusQuerySchema;
export type PremiumDeviceRequest = z.infer<typeof PremiumDeviceRequestSchema>;

export const CancelRequestSchema = EmptyBodySchema;
export type CancelRequest = z.infer<typeof CancelRequestSchema>;
/** Cancelling stops renewal; premium stays until `premium_expires_at` (null when it ended at once). */
export const CancelResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  premium_expires_at: IsoDateTimeSchema.nullable(),
});
export type CancelResponse = z.infer<typeof CancelResponseSchema>;

// ---- RPC payloads ---------------------------------------------------------------------------

/** The address the gateway saw the request come from (behind TRUST_PROXY, the proxy's X-Forwarded-For). */
const ClientIp = { client_ip: z.string().max(64).optional() };

export const PremiumStatusPayloadSchema = withCaller(PremiumStatusQuerySchema).extend(ClientIp);
export type PremiumStatusPayload = z.infer<typeof PremiumStatusPayloadSchema>;
export const SubscribePayloadSchema = withCaller(SubscribeRequestSchema).extend({ ...ClientIp, site_origin: z.url().optional() });
export type SubscribePayload = z.infer<typeof SubscribePayloadSchema>;
export const PremiumDevicePayloadSchema = withCaller(PremiumDeviceRequestSchema).extend(ClientIp);
export type PremiumDevicePayload = z.infer<typeof PremiumDevicePayloadSchema>;
export const CancelPayloadSchema = withCaller(CancelRequestSchema);
export type CancelPayload = z.infer<typeof CancelPayloadSchema>;

/** The account's entitlement, for auth's login and /me answers: premium paid for and not yet over. */
export const EntitlementPayloadSchema = z.object({ user_id: IdSchema });
export const EntitlementSchema = z.object({ is_premium: z.boolean(), premium_expires_at: IsoDateTimeSchema.nullable() });
export type Entitlement = z.infer<typeof EntitlementSchema>;

/** Many accounts' entitlements at once (the admin's user list): one entry per id asked, in the same order. */
export const EntitlementsPayloadSchema = z.object({ user_ids: z.array(IdSchema).max(100) });
export const EntitlementsSchema = z.object({ entitlements: z.array(EntitlementSchema.extend({ user_id: IdSchema })) });
export type Entitlements = z.infer<typeof EntitlementsSchema>;

/**
 * The gateway's premium-tool gate: may the caller use `tool` on the device of this fingerprint? As status does, the
 * first device to ask while none holds premium claims it. No fingerprint: the device cannot be checked, so no.
 */
export const ToolAccessPayloadSchema = withCaller(
  z.object({
    tool: z.enum(Object.keys(PREMIUM_TOOLS) as [PremiumToolKey, ...PremiumToolKey[]]),
    device_fingerprint: DeviceFingerprintSchema.optional(),
  }),
).extend(ClientIp);
export type ToolAccessPayload = z.infer<typeof ToolAccessPayloadSchema>;
/** `reason`, for people, says why not and what to do. */
export const ToolAccessSchema = z.object({ allowed: z.boolean(), reason: z.string().nullable() });
export type ToolAccess = z.infer<typeof ToolAccessSchema>;

/** The payment simulator's hosted checkout (development only): the page for one checkout, rendered by premium. */
export const CheckoutPagePayloadSchema = z.object({
  provider_subscription_id: z.string().min(1).max(64),
  pay_action: z.string().min(1).max(256),
  fail_action: z.string().min(1).max(256),
  /** The CSP nonce of the gateway's response, for the page's one style element. */
  nonce: z.string().max(64).optional(),
});
export const CheckoutPageSchema = z.object({ found: z.boolean(), html: z.string() });
/** A tester pressed Pay or Fail; the browser goes to `redirect_to` (the payment success or failure page). */
export const CheckoutPressPayloadSchema = z.object({ provider_subscription_id: z.string().min(1).max(64), press: z.enum(['pay', 'fail']) });
export const CheckoutPressResultSchema = z.object({ redirect_to: z.string() });

/**
 * Why a correctly signed payment webhook was set aside instead of applied: `unreadable`, its body is not an event we
 * can read (a format change at the provider, say); `unknown_subscription`, it names a subscription we do not have.
 */
export const PAYMENT_DEAD_LETTER_REASONS = ['unreadable', 'unknown_subscription'] as const;
export const PaymentDeadLetterReasonSchema = z.enum(PAYMENT_DEAD_LETTER_REASONS);
export type PaymentDeadLetterReason = z.infer<typeof PaymentDeadLetterReasonSchema>;

/** Longest event id, event name and detail a dead letter carries over the wire; longer ones are cut with '…'. */
export const PAYMENT_DEAD_LETTER_LIMITS = { eventId: 200, eventType: 100, detail: 500 } as const;

/** One set-aside webhook as the admin status page lists it; the texts are the provider's, cut to length, never its body. */
export const PaymentDeadLetterSchema = z.object({
  event_id: z.string().max(PAYMENT_DEAD_LETTER_LIMITS.eventId),
  /** The provider's event name when the body says one, e.g. 'subscription.halted'. */
  event_type: z.string().max(PAYMENT_DEAD_LETTER_LIMITS.eventType).nullable(),
  reason: PaymentDeadLetterReasonSchema,
  /** What did not parse, or which subscription is missing and how often it was tried. */
  detail: z.string().max(PAYMENT_DEAD_LETTER_LIMITS.detail),
  /** When the gateway received it. */
  received_at: IsoDateTimeSchema,
  attempts: z.number().int().positive(),
});
export type PaymentDeadLetter = z.infer<typeof PaymentDeadLetterSchema>;

/** How many webhooks are set aside and not resolved, and the newest of them. */
export const PaymentDeadLettersPayloadSchema = z.object({ limit: z.number().int().min(1).max(50).default(10) });
export const PaymentDeadLettersSchema = z.object({
  total: z.number().int().nonnegative(),
  latest: z.array(PaymentDeadLetterSchema).max(50),
});
export type PaymentDeadLetters = z.infer<typeof PaymentDeadLettersSchema>;

/** RPC patterns answered by services/premium. */
export const PREMIUM = {
  ...systemPatterns('premium'),
  status: defineRpc('premium', 'status', PremiumStatusPayloadSchema, PremiumStatusResponseSchema),
  subscribe: defineRpc('premium', 'subscribe', SubscribePayloadSchema, SubscribeResponseSchema, { deadlineMs: 15_000, sideEffects: true }),
  cancel: defineRpc('premium', 'cancel', CancelPayloadSchema, CancelResponseSchema, { deadlineMs: 10_000, sideEffects: true }),
  claimDevice: defineRpc('premium', 'claimDevice', PremiumDevicePayloadSchema, PremiumStatusResponseSchema, { sideEffects: true }),
  entitlement: defineRpc('premium', 'entitlement', EntitlementPayloadSchema, EntitlementSchema, 2_000),
  toolAccess: defineRpc('premium', 'toolAccess', ToolAccessPayloadSchema, ToolAccessSchema, 2_000),
  entitlements: defineRpc('premium', 'entitlements', EntitlementsPayloadSchema, EntitlementsSchema, 5_000),
  checkoutPage: defineRpc('premium', 'checkoutPage', CheckoutPagePayloadSchema, CheckoutPageSchema),
  // For the administrators' system status (the gateway asks it; no route of its own).
  paymentDeadLetters: defineRpc('premium', 'paymentDeadLetters', PaymentDeadLettersPayloadSchema, PaymentDeadLettersSchema, 2_000),
  // Pressing Pay delivers three signed webhooks to the gateway before it answers.
  checkoutPress: defineRpc('premium', 'checkoutPress', CheckoutPressPayloadSchema, CheckoutPressResultSchema, { deadlineMs: 30_000, sideEffects: true }),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const PREMIUM_ROUTES = {
  premiumStatus: defineRoute({
    method: 'GET',
    path: PREMIUM_PATHS.premiumStatus,
    tag: TAG,
    summary: "The user's premium entitlement and whether this device may use it.",
    auth: 'user',
    input: PremiumStatusQuerySchema,
    response: PremiumStatusResponseSchema,
    rpc: PREMIUM.status,
    clientIp: true,
  }),
  premiumSubscribe: defineRoute({
    method: 'POST',
    path: PREMIUM_PATHS.premiumSubscribe,
    tag: TAG,
    summary: 'Start a premium subscription on this device; returns the payment page address.',
    auth: 'user',
    input: SubscribeRequestSchema,
    response: SubscribeResponseSchema,
    rpc: PREMIUM.subscribe,
    rateLimitPerMinute: 10,
    clientIp: true,
    siteOrigin: true,
  }),
  premiumDevice: defineRoute({
    method: 'POST',
    path: PREMIUM_PATHS.premiumDevice,
    tag: TAG,
    summary: "Use premium on this device: moves the account's premium here from the device that held it.",
    auth: 'user',
    input: PremiumDeviceRequestSchema,
    response: PremiumStatusResponseSchema,
    rpc: PREMIUM.claimDevice,
    rateLimitPerMinute: 10,
    clientIp: true,
  }),
  premiumCancel: defineRoute({
    method: 'POST',
    path: PREMIUM_PATHS.premiumCancel,
    tag: TAG,
    summary: 'Cancel the premium subscription.',
    auth: 'user',
    input: CancelRequestSchema,
    response: CancelResponseSchema,
    rpc: PREMIUM.cancel,
    rateLimitPerMinute: 10,
  }),
};

/** Where payment providers deliver webhooks; the gateway checks the signature on the raw body and queues them. */
export const PAYMENT_WEBHOOK_PATH = '/api/premium/webhooks/razorpay';
/** The payment simulator's hosted checkout page (not mounted in production). */
export const DEV_CHECKOUT_PATH = '/dev/pay';
