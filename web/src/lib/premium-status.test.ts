import { PREMIUM_UNTIL, premiumStatus } from '../testing/fetch-mock';
import { DEFAULT_CONFLICT_REASON, premiumOffer, premiumState, storePremiumFlags, storedPremiumActive } from './premium-status';
import { clearSession, getSession, startSession } from './session';
import type { SessionUser } from './session';

const NOW = Date.parse('2026-06-01T00:00:00.000Z');
const user = (flags: Partial<SessionUser> = {}): SessionUser => ({
  user_id: 'user-1',
  username: 'asha',
  email: '',
  is_admin: false,
  is_premium: false,
  premium_expires_at: null,
  ...flags,
});

describe('premium on this device', () => {
  it('is active only when the server says premium and the device is allowed', () => {
    expect(premiumState({ user: user(), status: premiumStatus(), failed: false, now: NOW })).toMatchObject({ active: true, conflict: null, loading: false });
    expect(premiumState({ user: user(), status: premiumStatus({ is_premium: false }), failed: false, now: NOW }).active).toBe(false);
  });

  it('is not active on a device in conflict, whatever is stored, and names the conflict', () => {
    const stored = user({ is_premium: true, premium_expires_at: PREMIUM_UNTIL });
    const status = premiumStatus({ device_allowed: false, reason: 'Premium was moved to another device on 2 Jun 2026.', logout_message: 'Premium has ended on this device.' });
    expect(premiumState({ user: stored, status, failed: false, now: NOW })).toMatchObject({
      active: false,
      conflict: { reason: 'Premium was moved to another device on 2 Jun 2026.', logoutMessage: 'Premium has ended on this device.' },
    });
  });

  it('gives a conflict a reason even when the server sends none', () => {
    const status = premiumStatus({ device_allowed: false, reason: null });
    expect(premiumState({ user: user(), status, failed: false, now: NOW }).conflict?.reason).toBe(DEFAULT_CONFLICT_REASON);
  });

  it('uses the stored flag when the server cannot answer, while its expiry date is in the future', () => {
    const until = (iso: string | null) => user({ is_premium: true, premium_expires_at: iso });
    expect(premiumState({ user: until('2026-06-02T00:00:00.000Z'), status: undefined, failed: true, now: NOW })).toMatchObject({ active: true, loading: false });
    expect(premiumState({ user: until('2026-05-31T00:00:00.000Z'), status: undefined, failed: true, now: NOW }).active).toBe(false);
    expect(premiumState({ user: until(null), status: undefined, failed: true, now: NOW }).active).toBe(false);
    expect(premiumState({ user: user({ premium_expires_at: '2026-06-02T00:00:00.000Z' }), status: undefined, failed: true, now: NOW }).active).toBe(false);
  });

  it('uses the stored flag while the first answer is on its way', () => {
    expect(premiumState({ user: user({ is_premium: true, premium_expires_at: PREMIUM_UNTIL }), status: undefined, failed: false, now: NOW })).toMatchObject({
      active: true,
      loading: true,
    });
  });

  it('is never active for visitors', () => {
    expect(premiumState({ user: null, status: premiumStatus(), failed: false, now: NOW }).active).toBe(false);
    expect(storedPremiumActive(null, NOW)).toBe(false);
  });
});

describe('storePremiumFlags', () => {
  afterEach(() => clearSession());

  it("writes the server's premium flag and expiry into the stored session", () => {
    startSession({ access_token: 't', user_id: 'user-1', username: 'asha', is_admin: false, is_premium: false, premium_expires_at: null });
    storePremiumFlags(premiumStatus());
    expect(localStorage.getItem('is_premium')).toBe('true');
    expect(localStorage.getItem('premium_expires_at')).toBe(PREMIUM_UNTIL);
    storePremiumFlags(premiumStatus({ is_premium: false }));
    expect(getSession()?.user).toMatchObject({ is_premium: false, premium_expires_at: null });
  });

  it("leaves another user's session alone", () => {
    startSession({ access_token: 't', user_id: 'user-2', username: 'ravi', is_admin: false, is_premium: false, premium_expires_at: null });
    storePremiumFlags(premiumStatus({ user_id: 'user-1' }));
    expect(localStorage.getItem('is_premium')).toBe('false');
  });
});

describe('what may be offered about premium', () => {
  const state = (status: ReturnType<typeof premiumStatus>) => premiumState({ user: user({ is_premium: true, premium_expires_at: PREMIUM_UNTIL }), status, failed: false, now: NOW });

  it('offers the upgrade to visitors and free accounts, nothing where premium is active, and on a conflict only the move here', () => {
    expect(premiumOffer(premiumState({ user: null, status: undefined, failed: false, now: NOW }))).toBe('upgrade');
    expect(premiumOffer(state(premiumStatus({ is_premium: false })))).toBe('upgrade');
    expect(premiumOffer(state(premiumStatus()))).toBe('none');
    expect(premiumOffer(state(premiumStatus({ device_allowed: false })))).toBe('move-here');
  });
});
