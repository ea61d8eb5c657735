import { PAYMENT_WEBHOOK_PATH } from '@nivesh/proto';
import { BaseConfigSchema, envFlag, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
import { z } from 'zod';

/** Settings of the premium service; the only reader of process.env. An empty variable (compose passes `${X:-}`) counts as unset. */
export const ConfigSchema = ServiceConfigSchema.extend({
  /**
   * Who takes the money: Razorpay, the local simulator (development and tests; refused in production), or
   * none (premium cannot be bought on this server; subscribe says so).
   */
  PAYMENT_PROVIDER: z.enum(['simulator', 'razorpay', 'none']).default('simulator'),
  /** The secret webhooks are signed with (Razorpay dashboard → Webhooks); the gateway checks the same one. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, { error: 'PAYMENT_WEBHOOK_SECRET must be at least 16 characters' }).optional(),
  /** The key device fingerprints are hashed with into device ids; changing it moves every user to a "new" device. */
  DEVICE_ID_SECRET: z.string().min(32, { error: 'DEVICE_ID_SECRET must be at least 32 characters' }),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  /** The Razorpay plan (`plan_…`, made in the dashboard at ₹200 a month) that `premium_monthly` is sold as. */
  RAZORPAY_PLAN_ID: z.string().min(1).optional(),
  /** The address people open Nivesh at: payment pages return to it. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Where the simulator delivers its webhooks; the gateway's webhook route on PUBLIC_URL unless told. */
  SIMULATOR_WEBHOOK_URL: z.url().optional(),
  /** Run the expiry and reconciliation jobs (every few minutes); tests call them directly. */
  PREMIUM_JOBS: envFlag('true'),
}).superRefine((config, context) => {
  if (config.PAYMENT_PROVIDER === 'simulator' && config.NODE_ENV === 'production') {
    context.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'The payment simulator takes no money; production needs PAYMENT_PROVIDER=razorpay' });
  }
  if (config.PAYMENT_PROVIDER !== 'none' && !config.PAYMENT_WEBHOOK_SECRET) {
    context.addIssue({ code: 'custom', path: ['PAYMENT_WEBHOOK_SECRET'], message: `PAYMENT_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=${config.PAYMENT_PROVIDER}` });
  }
  if (config.PAYMENT_PROVIDER === 'razorpay') {
    for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_PLAN_ID'] as const) {
      if (!config[key]) context.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAYMENT_PROVIDER=razorpay` });
    }
  }
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** Where the simulator POSTs its webhooks. */
export const simulatorWebhookUrl = (config: Config): string => config.SIMULATOR_WEBHOOK_URL ?? new URL(PAYMENT_WEBHOOK_PATH, config.PUBLIC_URL).toString();

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
