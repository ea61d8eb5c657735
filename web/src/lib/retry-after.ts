/** The seconds a Retry-After header asks to wait (delta-seconds or an HTTP date), or null when it asks for none. */
export const parseRetryAfter = (value: string | null, now: number = Date.now()): number | null => {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const seconds = /^\d+$/.test(text) ? Number(text) : Math.ceil((Date.parse(text) - now) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
};

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in words: '42 seconds', '1 minute 5 seconds', '15 minutes', '2 hours 10 minutes'. */
export const waitDuration = (seconds: number): string => {
  const total = Math.max(0, Math.ceil(seconds));
  if (total < 60) return count(total, 'second');
  if (total < 3600) {
    const minutes = Math.floor(total / 60);
    const rest = total % 60;
    return rest === 0 ? count(minutes, 'minute') : `${count(minutes, 'minute')} ${count(rest, 'second')}`;
  }
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return minutes === 0 ? count(hours, 'hour') : `${count(hours, 'hour')} ${count(minutes, 'minute')}`;
};

/** A wait for a button's label: '42s', '1:05', '15:00', '2:10:00'. */
export const shortWait = (seconds: number): string => {
  const total = Math.max(0, Math.ceil(seconds));
  if (total < 60) return `${total}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(total % 60)}` : `${minutes}:${pad(total % 60)}`;
};

/** The sentence added to a refusal that does not say how long to wait. */
export const tryAgainIn = (seconds: number): string => `You can try again in ${waitDuration(seconds)}.`;

/**
 * A rate-limit refusal's text with its wait (Retry-After): where the text names the wait itself ('Please wait 30
 * seconds …') that mention shows `remaining`; otherwise 'You can try again in N seconds.' follows it.
 */
export const messageWithWait = (text: string, retryAfterSeconds: number, remaining: number = retryAfterSeconds): string => {
  const mention = new RegExp(`\\b${retryAfterSeconds} seconds?\\b`);
  if (mention.test(text)) return text.replace(mention, waitDuration(remaining));
  const trimmed = text.trimEnd();
  return `${trimmed}${/[.!?]$/.test(trimmed) ? '' : '.'} ${tryAgainIn(remaining)}`;
};
