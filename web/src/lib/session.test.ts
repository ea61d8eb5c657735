import { LOGIN_VERIFIED } from '../testing/fetch-mock';
import { SESSION_KEYS, SESSION_TTL_MS, clearSession, getSession, getToken, isSessionValid, reload, roleLabel, startSession, updateSessionUser } from './session';

const HOUR = 60 * 60 * 1000;

const storeSession = (loginTimestamp: number) => {
  localStorage.setItem('token', 'token-abc');
  localStorage.setItem('user_id', 'user-1');
  localStorage.setItem('username', 'asha');
  localStorage.setItem('email', 'asha@example.com');
  localStorage.setItem('is_admin', 'false');
  localStorage.setItem('is_premium', 'true');
  localStorage.setItem('premium_expires_at', '2026-01-01T00:00:00.000Z');
  localStorage.setItem('device_id', 'device-1');
  localStorage.setItem('login_timestamp', String(loginTimestamp));
};

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('is valid for 720 hours from login_timestamp: valid at 719 h, not at 721 h', () => {
    const loggedInAt = Date.parse('2025-01-01T00:00:00Z');
    storeSession(loggedInAt);
    expect(SESSION_TTL_MS).toBe(720 * HOUR);
    expect(isSessionValid(loggedInAt + 719 * HOUR)).toBe(true);
    expect(isSessionValid(loggedInAt + 721 * HOUR)).toBe(false);
    expect(isSessionValid(loggedInAt + 720 * HOUR)).toBe(false);
  });

  it('needs a token and a login timestamp', () => {
    const now = Date.now();
    storeSession(now);
    localStorage.removeItem('token');
    expect(isSessionValid(now)).toBe(false);
    storeSession(now);
    localStorage.removeItem('login_timestamp');
    expect(isSessionValid(now)).toBe(false);
  });

  it('loads a valid session with its flags', () => {
    storeSession(Date.now() - 719 * HOUR);
    reload();
    expect(getSession()?.user).toEqual({
      user_id: 'user-1',
      username: 'asha',
      email: 'asha@example.com',
      is_admin: false,
      is_premium: true,
      premium_expires_at: '2026-01-01T00:00:00.000Z',
    });
    expect(getToken()).toBe('token-abc');
  });

  it('clears an expired session on load, every key', () => {
    storeSession(Date.now() - 721 * HOUR);
    localStorage.setItem('unrelated', 'kept');
    reload();
    expect(getSession()).toBeNull();
    expect(Object.keys(localStorage)).toEqual(['unrelated']);
  });

  it('writes exactly the session keys on login, with login_timestamp = now', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    const session = startSession(LOGIN_VERIFIED, now);
    expect(Object.keys(localStorage).sort()).toEqual([...SESSION_KEYS].sort());
    expect(localStorage.getItem('token')).toBe('token-abc');
    expect(localStorage.getItem('user_id')).toBe('user-1');
    expect(localStorage.getItem('username')).toBe('asha');
    expect(localStorage.getItem('is_admin')).toBe('false');
    expect(localStorage.getItem('is_premium')).toBe('false');
    expect(localStorage.getItem('premium_expires_at')).toBe('');
    expect(localStorage.getItem('device_id')).not.toBe('');
    expect(localStorage.getItem('login_timestamp')).toBe(String(now));
    expect(session.login_timestamp).toBe(now);
  });

  it('keeps the device id across logins', () => {
    localStorage.setItem('device_id', 'device-kept');
    startSession(LOGIN_VERIFIED);
    expect(localStorage.getItem('device_id')).toBe('device-kept');
  });

  it('refreshes the flags from /me and clears every key on logout', () => {
    startSession(LOGIN_VERIFIED);
    updateSessionUser({ user_id: 'user-1', username: 'asha', email: 'asha@example.com', is_admin: true, is_premium: false, premium_expires_at: null });
    expect(getSession()?.user.is_admin).toBe(true);
    expect(localStorage.getItem('email')).toBe('asha@example.com');
    expect(roleLabel(getSession()!.user)).toBe('Admin User');

    clearSession();
    expect(getSession()).toBeNull();
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('does not bring a session back when /me answers after logout', () => {
    updateSessionUser({ user_id: 'user-1', username: 'asha', email: 'asha@example.com', is_admin: true, is_premium: false, premium_expires_at: null });
    expect(localStorage.length).toBe(0);
  });

  it('stops sending a token once the 720 hours are over', () => {
    const now = Date.now();
    startSession(LOGIN_VERIFIED, now - 719 * HOUR);
    expect(getToken(now)).toBe('token-abc');
    expect(getToken(now + 2 * HOUR)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
