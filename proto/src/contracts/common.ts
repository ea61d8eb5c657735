import { z } from 'zod';
import { CallerSchema } from '../rpc';

/** The password rule's message, verbatim from the specification (section 5). */
export const PASSWORD_RULE_MESSAGE =
  'Password must be 8-20 characters, include at least one letter and one number, and may contain special characters.';
/** The password input's title text, verbatim from the specification (section 5). */
export const PASSWORD_INPUT_TITLE = '8-20 chars, at least one letter and one number, may include special characters';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
export const LOGIN_REQUEST_TIMEOUT_MS = 60_000;
export const OTP_VERIFY_TIMEOUT_MS = 30_000;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;
export const TICKER_MAX_LENGTH = 20;
export const DEFAULT_TICKER = 'RELIANCE';
export const ID_MAX_LENGTH = 128;

// 8-20 characters of anything but control characters, with at least one ASCII letter and one digit.
const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)\P{Cc}{8,20}$/u;

/** A new password (registration, reset): the specification's rule with its exact message. */
export const PasswordSchema = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .regex(PASSWORD_PATTERN, { error: PASSWORD_RULE_MESSAGE })
  .meta({ description: PASSWORD_INPUT_TITLE });

/** A password typed to log in: only bounded, the rule applies when one is chosen. */
export const LoginPasswordSchema = z.string().min(1, { error: 'Password is required' }).max(128);

/** 3-32 characters: letters, digits, underscore, dot, hyphen. */
export const UsernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, { error: `Username must be at least ${USERNAME_MIN_LENGTH} characters` })
  .max(USERNAME_MAX_LENGTH, { error: `Username must be at most ${USERNAME_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: 'Username may contain only letters, digits, underscore, dot and hyphen' });

export const EmailSchema = z.email({ error: 'Please enter a valid email address' }).max(EMAIL_MAX_LENGTH);

/** A one-time code: exactly six digits. */
export const OtpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: `OTP must be exactly ${OTP_LENGTH} digits` });

/** An NSE symbol such as RELIANCE, M&M, BAJAJ-AUTO or the index NIFTY 50; accepted in any case, upper-cased. */
export const TickerSchema = z
  .string({ error: 'Please enter a ticker symbol' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'Please enter a ticker symbol' })
  .max(TICKER_MAX_LENGTH, { error: `Ticker must be at most ${TICKER_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z0-9&-]+( [A-Za-z0-9&-]+)*$/, { error: 'Ticker may contain only letters, digits, single spaces, & and -' })
  .meta({ description: 'NSE symbol; sent in upper case (lower case is upper-cased)', examples: [DEFAULT_TICKER] });

/** An opaque identifier issued by the server (user, session, context). */
export const IdSchema = z.string().min(1).max(ID_MAX_LENGTH);

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/** A request with no fields; unknown fields are ignored. */
export const EmptyBodySchema = z.object({});
export type EmptyBody = z.infer<typeof EmptyBodySchema>;

/** A plain acknowledgement. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** The RPC payload of a route that requires a session: its input plus the caller. */
export const withCaller = <S extends z.ZodRawShape>(input: z.ZodObject<S>) => input.extend({ caller: CallerSchema });

/** The RPC payload of a route where a session is used when present. */
export const withOptionalCaller = <S extends z.ZodRawShape>(input: z.ZodObject<S>) => input.extend({ caller: CallerSchema.optional() });
