/**
 * Creates an admin, or promotes an existing user (and refreshes is_admin in that user's live sessions):
 *
 *   node services/auth/dist/cli/create-admin.js --username U --email E --password P
 *   printf '%s' "$PASSWORD" | node services/auth/dist/cli/create-admin.js --username U --email E --password-stdin
 *
 * --email and a password are needed only to create a new account. --password-stdin reads it from standard
 * input (up to the first newline), so it never shows in the process list or shell history. Reads DATABASE_URL, REDIS_URL and
 * REDIS_PREFIX like the service. Exit codes: 0 done, 64 bad arguments, 78 bad configuration, 1 failed.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { EmailSchema, isDomainError, PasswordSchema, UsernameSchema } from '@nivesh/proto';
import { loadConfigOrExit, ServiceConfigSchema } from '@nivesh/platform';
import { z } from 'zod';
import { AdminCliModule } from '../admin/admin-cli.module';
import { AdminService } from '../admin/admin.service';

const USAGE = 'Usage: create-admin --username U [--email E (--password P | --password-stdin)]';
const EX_USAGE = 64;

const ArgsSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema.optional(),
  password: PasswordSchema.optional(),
});

/** Standard input up to its first line break. */
const readStdinLine = async (): Promise<string> => {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
};

const parseCommandLine = async (argv: string[]): Promise<z.infer<typeof ArgsSchema>> => {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(EX_USAGE);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values['password-stdin']) {
    if (values.password !== undefined) {
      console.error(`--password and --password-stdin exclude each other\n${USAGE}`);
      process.exit(EX_USAGE);
    }
    values.password = await readStdinLine();
  }
  const parsed = ArgsSchema.safeParse({ username: values.username, email: values.email, password: values.password });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.') || 'username'}: ${issue.message}`);
    console.error(USAGE);
    process.exit(EX_USAGE);
  }
  return parsed.data;
};

const main = async (): Promise<void> => {
  const args = await parseCommandLine(process.argv.slice(2));
  const config = loadConfigOrExit(ServiceConfigSchema, process.env);
  const app = await NestFactory.createApplicationContext(AdminCliModule.register(config), { logger: ['error'] });
  try {
    const result = await app.get(AdminService).createOrPromote(args);
    const what = { created: 'Created admin', promoted: 'Promoted to admin', unchanged: 'Already admin' }[result.outcome];
    console.log(`${what}: ${result.username} (${result.userId}); live sessions updated: ${result.sessionsUpdated}`);
  } finally {
    await app.close();
  }
};

main().catch((error: unknown) => {
  console.error(isDomainError(error) ? error.message : error);
  process.exit(1);
});
