/** The paths of the premium routes, by their names in `ROUTES`. */
export const PREMIUM_PATHS = {
  premiumStatus: '/api/premium/status',
  premiumSubscribe: '/api/premium/subscribe',
  premiumDevice: '/api/premium/device',
  premiumCancel: '/api/premium/cancel',
} as const;
/** Premium price (section 9). */
export const PREMIUM_PRICE_INR_PER_MONTH = 200;
export const DEFAULT_PLAN_ID = 'premium_monthly';
/** Device fingerprints carry an encoded canvas image, so they are long. */
export const DEVICE_FINGERPRINT_MAX_LENGTH = 8_192;
