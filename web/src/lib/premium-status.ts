/**
 * Premium on this device (section 4): active only when the server says premium and the device is allowed;
 * when the server cannot answer, the stored flag counts while its expiry date is in the future. Shared by
 * everything that hides for premium (ads, the ticker, upgrade buttons, the badge) and the premium and
 * payment pages, so they all agree.
 */
import type { PremiumStatusResponse, Subscription } from '@nivesh/proto';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, parseWith } from './api-client';
import { deviceFingerprint } from './device-fingerprint';
import { getSession, updateSessionUser } from './session';
import type { SessionUser } from './session';
import { PREMIUM_PATHS } from '@nivesh/proto/values';

/** Sent as `ip_address`: the server takes the address it sees; no third-party lookup service is called. */
export const CLIENT_IP_ADDRESS = 'unknown';

/** Every premium status query starts with this key; mutations that change premium invalidate it. */
export const PREMIUM_STATUS_KEY = ['premium', 'status'] as const;

/** The conflict reason when the server gives none. */
export const DEFAULT_CONFLICT_REASON = 'Premium is in use on another device.';

/** The one-device check failed: premium belongs to the account but another device holds it. */
export type PremiumConflict = { reason: string; logoutMessage: string | null };

/** What the app knows about premium on this device. */
export type PremiumState = {
  /** No ads, no ticker or upgrade buttons, the badge: the account is premium and this device may use it. */
  active: boolean;
  conflict: PremiumConflict | null;
  /** The latest subscription as the server sees it; null when there is none or the server did not answer. */
  subscription: Subscription | null;
  /** The first answer for this login is still on its way (the stored flag stands in meanwhile). */
  loading: boolean;
};

/**
 * What the app may offer about premium on this device: nothing while it is active here; on a device conflict only
 * moving it here ('Use Premium on this device'), never subscribing again, which would have the user pay twice; else
 * the upgrade.
 */
export type PremiumOffer = 'none' | 'move-here' | 'upgrade';

export const premiumOffer = ({ active, conflict }: Pick<PremiumState, 'active' | 'conflict'>): PremiumOffer =>
  active ? 'none' : conflict ? 'move-here' : 'upgrade';

/** The body of the status call and of 'Use Premium on this device'. */
export const deviceBody = () => ({ device_fingerprint: deviceFingerprint(), ip_address: CLIENT_IP_ADDRESS });

/** GET /api/premium/status (bearer) with this device's fingerprint. */
export const getPremiumStatus = (signal?: AbortSignal): Promise<PremiumStatusResponse> =>
  apiGet(`${PREMIUM_PATHS.premiumStatus}?${new URLSearchParams(deviceBody()).toString()}`, {
    parse: parseWith((c) => c.PremiumStatusResponseSchema),
    signal,
  });

/** Keeps the stored `is_premium` and `premium_expires_at` in step with an answer about the signed-in user. */
export const storePremiumFlags = (status: PremiumStatusResponse): void => {
  const user = getSession()?.user;
  if (!status.success || !user || user.user_id !== status.user.user_id) return;
  const expiresAt = status.user.premium_expires_at;
  if (user.is_premium === status.is_premium && user.premium_expires_at === expiresAt) return;
  updateSessionUser({ ...user, is_premium: status.is_premium, premium_expires_at: expiresAt });
};

export const premiumStatusQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...PREMIUM_STATUS_KEY, userId] as const,
    queryFn: async ({ signal }) => {
      const status = await getPremiumStatus(signal);
      storePremiumFlags(status);
      return status;
    },
    enabled: userId !== null,
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && (error.status === 401 || error.kind === 'aborted')) && failures < 1,
  });

/** The stored flag with an expiry date still in the future: what counts while the server cannot say. */
export const storedPremiumActive = (user: Pick<SessionUser, 'is_premium' | 'premium_expires_at'> | null, now: number): boolean => {
  if (!user?.is_premium || !user.premium_expires_at) return false;
  const expiresAt = Date.parse(user.premium_expires_at);
  return Number.isFinite(expiresAt) && expiresAt > now;
};

/** The conflict of an answer, if there is one: premium on the account, not on this device. */
export const conflictOf = (status: PremiumStatusResponse): PremiumConflict | null => {
  if (!status.is_premium || status.device_allowed) return null;
  const reason = status.device_check_reason ?? status.device_check.reason;
  return { reason: reason?.trim() || DEFAULT_CONFLICT_REASON, logoutMessage: status.device_check.logout_message };
};

type PremiumInputs = {
  user: SessionUser | null;
  /** The server's latest answer for this user, if any. */
  status: PremiumStatusResponse | undefined;
  /** The status call failed (the server is unreachable or refused). */
  failed: boolean;
  now: number;
};

/** Premium on this device from the server's answer, or from the stored flag while there is none. */
export const premiumState = ({ user, status, failed, now }: PremiumInputs): PremiumState => {
  if (!user) return { active: false, conflict: null, subscription: null, loading: false };
  if (status?.success) {
    return { active: status.is_premium && status.device_allowed, conflict: conflictOf(status), subscription: status.subscription, loading: false };
  }
  return { active: storedPremiumActive(user, now), conflict: null, subscription: null, loading: !status && !failed };
};
