/**
 * The signed-in session, kept in local storage under exactly the keys of the specification
 * (section 3) and shared by the layout and every feature. One store; components read it with
 * `useSession`, the API client reads the token and clears the session when the server rejects it.
 */
import type { LoginVerifyOtpResponse, User } from '@nivesh/proto';
import { useSyncExternalStore } from 'react';
import { SESSION_TTL_HOURS } from '@nivesh/proto/values';

/** Every local-storage key the session owns (section 3), in the specification's order. */
export const SESSION_KEYS = [
  'token',
  'user_id',
  'username',
  'email',
  'is_admin',
  'is_premium',
  'premium_expires_at',
  'device_id',
  'login_timestamp',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** Session lifetime counted from `login_timestamp` (section 6): 720 hours. */
export const SESSION_TTL_MS = SESSION_TTL_HOURS * 60 * 60 * 1000;

/** The signed-in user as stored: proto's `User` without `created_at`. `email` is empty until /me has answered (the login-verify response carries none). */
export type SessionUser = Pick<User, 'user_id' | 'username' | 'email' | 'is_admin' | 'is_premium' | 'premium_expires_at'>;

export type Session = {
  token: string;
  user: SessionUser;
  device_id: string;
  /** Epoch milliseconds of the login. */
  login_timestamp: number;
};

/** What a login hands over: the login-verify response, optionally with the e-mail. */
export type SessionLogin = Pick<
  LoginVerifyOtpResponse,
  'access_token' | 'user_id' | 'username' | 'is_admin' | 'is_premium' | 'premium_expires_at'
> & { email?: string };

/** The user card's and profile's role line (section 2). */
export const roleLabel = (user: Pick<SessionUser, 'is_admin'>): 'Admin User' | 'Standard User' =>
  user.is_admin ? 'Admin User' : 'Standard User';

const browserStorage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the app then works logged out.
    return null;
  }
};

/** A token is present and less than 720 hours have passed since `login_timestamp`. */
export const isSessionValid = (now: number = Date.now(), storage: Storage | null = browserStorage()): boolean => {
  if (!storage?.getItem('token')) return false;
  const loggedInAt = Number(storage.getItem('login_timestamp'));
  if (!Number.isFinite(loggedInAt) || loggedInAt <= 0) return false;
  return now - loggedInAt < SESSION_TTL_MS;
};

const removeKeys = (storage: Storage) => {
  for (const key of SESSION_KEYS) storage.removeItem(key);
};

const readSession = (storage: Storage): Session | null => {
  const token = storage.getItem('token');
  if (!token) return null;
  return {
    token,
    user: {
      user_id: storage.getItem('user_id') ?? '',
      username: storage.getItem('username') ?? '',
      email: storage.getItem('email') ?? '',
      is_admin: storage.getItem('is_admin') === 'true',
      is_premium: storage.getItem('is_premium') === 'true',
      premium_expires_at: storage.getItem('premium_expires_at') || null,
    },
    device_id: storage.getItem('device_id') ?? '',
    login_timestamp: Number(storage.getItem('login_timestamp')),
  };
};

/** Reads the stored session; an expired or broken one is removed. */
const load = (now: number): Session | null => {
  const storage = browserStorage();
  if (!storage) return null;
  if (storage.getItem('token') === null) return null;
  if (!isSessionValid(now, storage)) {
    removeKeys(storage);
    return null;
  }
  return readSession(storage);
};

const newDeviceId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `device-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const listeners = new Set<() => void>();
let snapshot: Session | null | undefined;

const emit = () => {
  for (const listener of listeners) listener();
};

const onStorage = (event: StorageEvent) => {
  // Another tab logged in or out.
  if (event.key === null || (SESSION_KEYS as readonly string[]).includes(event.key)) reload();
};

/** The current session (loaded once, then kept in memory). */
export const getSession = (): Session | null => {
  if (snapshot === undefined) snapshot = load(Date.now());
  return snapshot;
};

/** The bearer token to send, or null; a session past its 720 hours is cleared here. */
export const getToken = (now: number = Date.now()): string | null => {
  const session = getSession();
  if (!session) return null;
  if (now - session.login_timestamp >= SESSION_TTL_MS) {
    clearSession();
    return null;
  }
  return session.token;
};

/** Stores a fresh login under every session key; throws when storage refuses the write. */
export const startSession = (login: SessionLogin, now: number = Date.now()): Session => {
  const storage = browserStorage();
  if (!storage) throw new Error('Local storage is not available.');
  const values: Record<SessionKey, string> = {
    token: login.access_token,
    user_id: login.user_id,
    username: login.username,
    email: login.email ?? '',
    is_admin: String(login.is_admin),
    is_premium: String(login.is_premium),
    premium_expires_at: login.premium_expires_at ?? '',
    device_id: storage.getItem('device_id') || newDeviceId(),
    login_timestamp: String(now),
  };
  try {
    for (const key of SESSION_KEYS) storage.setItem(key, values[key]);
  } catch (error) {
    removeKeys(storage);
    throw error;
  }
  snapshot = readSession(storage);
  emit();
  if (!snapshot) throw new Error('The session could not be read back.');
  return snapshot;
};

/** Refreshes the stored user from /me (flags may have changed); does nothing when logged out. */
export const updateSessionUser = (user: SessionUser) => {
  const storage = browserStorage();
  if (!storage || !getSession()) return;
  storage.setItem('user_id', user.user_id);
  storage.setItem('username', user.username);
  storage.setItem('email', user.email);
  storage.setItem('is_admin', String(user.is_admin));
  storage.setItem('is_premium', String(user.is_premium));
  storage.setItem('premium_expires_at', user.premium_expires_at ?? '');
  snapshot = readSession(storage);
  emit();
};

/** Logout or an invalid token: every session key goes. */
export const clearSession = () => {
  const storage = browserStorage();
  if (storage) removeKeys(storage);
  if (snapshot === null) return;
  snapshot = null;
  emit();
};

/** Reads local storage again (another tab changed it, or the session may have expired). */
export const reload = (now: number = Date.now()) => {
  snapshot = load(now);
  emit();
};

const subscribe = (listener: () => void) => {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
};

export type SessionState = {
  session: Session | null;
  user: SessionUser | null;
  login: (login: SessionLogin) => Session;
  logout: () => void;
};

/** The session for components: re-renders on login, logout, /me refreshes and other tabs. */
export const useSession = (): SessionState => {
  const session = useSyncExternalStore(subscribe, getSession, () => null);
  return { session, user: session?.user ?? null, login: startSession, logout: clearSession };
};
