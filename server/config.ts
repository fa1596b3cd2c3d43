import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const optionalText = z.preprocess(emptyAsUndefined, z.string().min(1).optional());
const optionalHttpUrl = z.preprocess(
  emptyAsUndefined,
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  PUBLIC_API_BASE: z.string().min(1).default('/api'),
  PUBLIC_APP_URL: optionalUrl,
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  STORAGE_DRIVER: z.enum(['local', 'aws']).default('local'),
  PUBLIC_AWS_REGION: optionalText,
  PUBLIC_IDENTITY_POOL_ID: optionalText,
  PUBLIC_BUCKET: optionalText,
  PUBLIC_S3_ENDPOINT: optionalHttpUrl,
  PUBLIC_COGNITO_ENDPOINT: optionalHttpUrl,
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API address, for a local test peer; Stripe's own when absent. */
  STRIPE_API_URL: optionalHttpUrl,
  PUBLIC_MAPS_API_KEY: optionalText,
  ALLOWED_EXTERNAL_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** Every hold lasts this long instead of the event's hold minutes: for demos and end-to-end tests. */
  ORDER_HOLD_SECONDS: z.coerce.number().int().min(5).max(3600).optional(),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Orders one network address may place in 15 minutes; 0 turns the limit off. The default lets a
   * box office selling from several tills behind one address through (80 a minute, kept up).
   */
  ORDER_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).default(1200),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\d.:a-fA-F/,\s]+)$/, 'must be true, false or a comma-separated list of proxy addresses')
    .default('false'),
});

const refinedSchema = envSchema.superRefine((env, ctx) => {
  if (env.STORAGE_DRIVER === 'aws') {
    for (const key of ['PUBLIC_AWS_REGION', 'PUBLIC_IDENTITY_POOL_ID', 'PUBLIC_BUCKET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=aws' });
    }
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
    }
  }
});

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = refinedSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    appUrl: env.PUBLIC_APP_URL,
    jwtSecret: env.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    smtpUrl: env.SMTP_URL,
    storageDriver: env.STORAGE_DRIVER,
    paymentProvider: env.PAYMENT_PROVIDER,
    stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL },
    logLevel: env.LOG_LEVEL,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    orderHoldSeconds: env.ORDER_HOLD_SECONDS ?? null,
    orderLimitPerAddress: env.ORDER_LIMIT_PER_ADDRESS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    /** Whether to believe X-Forwarded-For: only behind a proxy we run, or per-address limits can be dodged. */
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    /** The only configuration the browser ever sees. */
    publicConfig: {
      apiBase: env.PUBLIC_API_BASE,
      appUrl: env.PUBLIC_APP_URL ?? null,
      awsRegion: env.PUBLIC_AWS_REGION ?? null,
      identityPoolId: env.PUBLIC_IDENTITY_POOL_ID ?? null,
      bucket: env.PUBLIC_BUCKET ?? null,
      /** S3-compatible endpoint instead of AWS's (path-style); browser and server both use it. */
      s3Endpoint: env.PUBLIC_S3_ENDPOINT ?? null,
      /** Cognito Identity endpoint instead of AWS's. */
      cognitoEndpoint: env.PUBLIC_COGNITO_ENDPOINT ?? null,
      storageDriver: env.STORAGE_DRIVER,
      mapsApiKey: env.PUBLIC_MAPS_API_KEY ?? null,
      allowedExternalOrigins: env.ALLOWED_EXTERNAL_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    },
  };
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A secret generated once into DATA_DIR, so restarts keep sessions valid. */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
