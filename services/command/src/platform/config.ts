import { z } from 'zod';
import { passwordRule } from '@wh/contracts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z.object({
  PORT: z.coerce.number({ error: 'PORT must be a number' }).int().min(0).max(65535, 'PORT must be at most 65535').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// connection URL')
    .optional(),
  // A streaming replica of DATABASE_URL that queries read from (read-your-writes kept: platform/read-replica.ts).
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must be a postgres:// connection URL of a streaming replica of DATABASE_URL')
    .optional(),
  // How long a read that must see a write waits for the replica to replay it before it reads the primary instead.
  READ_REPLICA_WAIT_MS: z.coerce
    .number({ error: 'READ_REPLICA_WAIT_MS must be a number of milliseconds' })
    .int('READ_REPLICA_WAIT_MS must be a whole number of milliseconds')
    .min(0, 'READ_REPLICA_WAIT_MS must be at least 0')
    .max(10_000, 'READ_REPLICA_WAIT_MS must be at most 10000')
    .default(300),
  // The rule every password is set by (contracts), its messages naming the variable.
  ADMIN_PASSWORD: passwordRule('ADMIN_PASSWORD must not be blank', 'ADMIN_PASSWORD').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  WAREHOUSE_TIMEZONE: z
    .string()
    .default('Europe/London')
    .refine(isTimeZone, 'WAREHOUSE_TIMEZONE must be an IANA time zone such as Europe/London'),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  // A session ends this long after sign-in however much it is used.
  SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).default(3000),
  // /api/ready says the projector is stalled when events have waited this long and its checkpoint has not moved for as long.
  PROJECTOR_STALLED_MS: z.coerce.number().int().min(0).default(30_000),
  // A projection stopped at an event is tried again this often (and at every start of the projector).
  PROJECTION_RETRY_MS: z.coerce.number().int().min(100).default(60_000),
  // How often the counts' reactions look for short picks and discrepancies to count, and for today's plan (besides at
  // once after an order changes). 0: they do not run in this instance.
  COUNT_REACTIONS_MS: z.coerce.number().int().min(0).default(5000),
  // Failed sign-ins per client address and username, and per client address across usernames, in 15 minutes.
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(50),
  // Open live sockets per user (a tab each), and per client address (a floor's devices may share one behind NAT).
  LIVE_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  // A request whose headers, or whole body, have not arrived this long after it began is cut (408); an idle kept-alive
  // connection is closed after KEEP_ALIVE_TIMEOUT_MS.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
  // Only behind a reverse proxy: otherwise any client could choose its own address with X-Forwarded-For.
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  // On SIGTERM, how long the instance goes on answering (each answer closing its connection, /api/ready saying 503)
  // before its listener closes: longer than the proxy's health-check interval, so the proxy has taken it out by then and
  // sends it nothing more. 0: the listener closes at once (one instance, no proxy).
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  // Then how long requests in flight may take to finish before their connections are cut (server.ts close).
  // Below the orchestrator's own grace period (docker-compose stop_grace_period), so the process still exits by itself.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  NODE_ENV: z.string().default('production'),
});

export type Config = z.infer<typeof configSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {}

function configError(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ConfigError {
  const lines = issues.map((i) => `- ${i.path.map(String).join('.')}: ${i.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

// Reads the environment once; a bad value stops the process with a sentence naming the variable.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) throw configError(parsed.error.issues);
  if (parsed.data.DATABASE_READ_URL && !parsed.data.DATABASE_URL) {
    throw configError([
      { path: ['DATABASE_READ_URL'], message: 'DATABASE_READ_URL needs DATABASE_URL: it names a streaming replica of that server, and the embedded PostgreSQL has none' },
    ]);
  }
  return parsed.data;
}

// For a password that reaches the administrator's bootstrap without loadConfig (a caller's own Config).
export function checkAdminPassword(password: string): void {
  const checked = configSchema.pick({ ADMIN_PASSWORD: true }).safeParse({ ADMIN_PASSWORD: password });
  if (!checked.success) throw configError(checked.error.issues);
}
