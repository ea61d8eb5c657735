import { ApiError } from '../../lib/api-client';
import { formatIndianDay, NOT_A_NUMBER } from '../../lib/format';
import { ADMIN_TEXTS } from './texts';

const indiaTimeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** An instant as the day (like the rest of the app) and the time in India, e.g. '24 Dec 2026, 3:45 pm'. */
export const formatIndianDayTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NOT_A_NUMBER;
  return `${formatIndianDay(iso)}, ${indiaTimeFormat.format(date)}`;
};

/** Text that came from outside (a webhook, a data file's check), cut for the page (React escapes it; the server has cut it too). */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Why a call failed, as a sentence. A 403 here means the admin's own account lost admin access meanwhile; the
 * gateway's short 'Admin access required' is said as a sentence.
 */
export const failureReason = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 403) return ADMIN_TEXTS.noLongerAdmin;
  return error instanceof Error && error.message ? error.message : ADMIN_TEXTS.unknownFailure;
};
