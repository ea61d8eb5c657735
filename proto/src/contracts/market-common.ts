import { z } from 'zod';

/** An NSE symbol as typed: trimmed and upper-cased (RELIANCE, M&M, BAJAJ-AUTO, NIFTY 50). */
export const MarketSymbolSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9&. -]+$/, { error: 'Invalid symbol' })
  .transform((value) => value.toUpperCase());

export const IsoDateSchema = z.iso.date();
