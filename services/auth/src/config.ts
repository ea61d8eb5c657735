import { BaseConfigSchema, loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
import { z } from 'zod';

/** Settings of the auth service; the only reader of process.env. */
export const ConfigSchema = ServiceConfigSchema.extend({
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  JWT_ISSUER: z.string().default('nivesh'),
  JWT_AUDIENCE: z.string().default('nivesh-web'),
  /** Key for the HMAC of stored one-time codes and the sealing of codes in the mail queue. */
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Nivesh <no-reply@nivesh.local>'),
  /** Comma-separated usernames that are admins. */
  ADMIN_USERNAMES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((name) => name.trim()).filter(Boolean)),
});
export type Config = z.infer<typeof ConfigSchema>;

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);

/** What `migrate` needs: the database only, no secrets. */
export const loadMigrationConfig = () => loadConfigOrExit(BaseConfigSchema.pick({ DATABASE_URL: true }), process.env);
