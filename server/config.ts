import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { mapOrigin } from '../src/contract/maps.ts';
import { checkoutProviderSchema } from '../src/contract/orders.ts';
import { storageDriverSchema } from '../src/contract/public-config.ts';
import { deploymentOf, optimizeForOf } from './deployment.ts';
import { appleWalletFrom, appleWalletPemIssues, appleWalletVariables } from './lib/tickets/apple-wallet-settings.ts';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const optionalText = z.preprocess(emptyAsUndefined, z.string().min(1).optional());
const optionalHttpUrl = z.preprocess(
  emptyAsUndefined,
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * `local`: one machine, for trying Admit (demo data, the sandbox, the development mailbox).
   * `production`: a deployment, closed by default. Absent: `production` as soon as DATABASE_URL or a
   * PUBLIC_APP_URL that is not on this machine is set (decision 020).
   */
  DEPLOYMENT: z.preprocess(emptyAsUndefined, z.enum(['local', 'production']).optional()),
  DEMO_DATA: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['0', '1', 'true', 'false'], { error: 'must be 1 (seed demo data into a new database) or 0' })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  ),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
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
  STORAGE_DRIVER: storageDriverSchema.default('local'),
  PUBLIC_AWS_REGION: optionalText,
  PUBLIC_IDENTITY_POOL_ID: optionalText,
  PUBLIC_BUCKET: optionalText,
  PUBLIC_S3_ENDPOINT: optionalHttpUrl,
  PUBLIC_COGNITO_ENDPOINT: optionalHttpUrl,
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, checkoutProviderSchema.optional()),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API address, for a local test peer; Stripe's own when absent. */
  STRIPE_API_URL: optionalHttpUrl,
  PUBLIC_MAPS_API_KEY: optionalText,
  /** Google Wallet "save" links (all three, or none): the issuer id and a service account of that issuer. */
  GOOGLE_WALLET_ISSUER_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{10,25}$/, 'must be the issuer id, digits only')
      .optional(),
  ),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.preprocess(emptyAsUndefined, z.email('must be the service account’s email').optional()),
  /** The service account's private key, PEM (PKCS #8); `\n` may stand for its line breaks. */
  GOOGLE_WALLET_PRIVATE_KEY: optionalText,
  /** Apple Wallet passes (all five, or none; decision 072): the Pass Type ID and the team that owns it. */
  APPLE_WALLET_PASS_TYPE_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^pass(\.[A-Za-z0-9-]+)+$/, 'must be the Pass Type ID, e.g. pass.com.example.admit')
      .optional(),
  ),
  APPLE_WALLET_TEAM_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the Team ID: 10 upper-case letters and digits')
      .optional(),
  ),
  /** The Pass Type ID certificate, its key and Apple's WWDR intermediate, PEM; `\n` may stand for line breaks. */
  APPLE_WALLET_CERTIFICATE: optionalText,
  APPLE_WALLET_PRIVATE_KEY: optionalText,
  APPLE_WALLET_WWDR_CERTIFICATE: optionalText,
  /** Sites people may be sent to from Admit, e.g. organisers' streaming hosts: comma-separated http(s) origins. */
  ALLOWED_EXTERNAL_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must list http:// or https:// origins, separated by commas' }))),
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
  /**
   * Free tickets of one event that buyers without a proven email may hold or own from one network (an IPv4
   * address or an IPv6 /64), across all their emails: one person's share (decision 021); 0 turns it off.
   */
  ORDER_FREE_TICKETS_PER_NETWORK: z.coerce.number().int().min(0).default(10),
  /** Tickets of one event that such buyers may hold unpaid at once from one network (decision 021); 0 turns it off. */
  ORDER_HELD_TICKETS_PER_NETWORK: z.coerce.number().int().min(0).default(40),
  /** 0: every request is taken however long it would wait (for measuring); 1: overload is refused with 503 (decision 051). */
  OVERLOAD_SHEDDING: z.enum(['0', '1'], { error: 'must be 1 (refuse what cannot be served in time) or 0' }).default('1'),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).max(10_000).default(1000),
  /** 1 (the default) never refuses by utilisation: a loop busy all the time is at capacity, which the render bound holds. */
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().gt(0).max(1).default(1),
  /** Absent: 85% of the heap V8 may grow to. */
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(64).optional(),
  PAGE_RENDERS_AT_ONCE: z.coerce.number().int().min(1).max(1000).default(2),
  PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).max(100_000).default(16),
  PAGE_RENDER_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  /** How long a proxy or CDN may serve a public page to signed-out visitors; 0: never (decision 051). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** How long after that it may still serve the page it has while it fetches a new one. */
  PAGE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** How long one instance hands the same copy of a public page to visitors without cookies; 0: never (decision 056). */
  PAGE_KEEP_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  /** How many mails a minute messages to attendees hand to the outbox, across the instance (decision 066). */
  MESSAGE_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  /**
   * `memory`: V8 favours a small footprint over speed (about a third less memory, some throughput lost); `speed`: V8's
   * defaults. Absent: `memory` on a local instance, `speed` on a deployment (decision 065).
   */
  OPTIMIZE_FOR: z.preprocess(
    emptyAsUndefined,
    z.enum(['memory', 'speed'], { error: 'must be memory (a smaller process) or speed (more requests a second)' }).optional(),
  ),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\d.:a-fA-F/,\s]+)$/, 'must be true, false or a comma-separated list of proxy addresses')
    .default('false'),
});

/** The heap V8 may grow to, less room for the requests already taken to finish. */
const defaultMaxHeapUsedBytes = () => Math.round(getHeapStatistics().heap_size_limit * 0.85);

/** Where Stripe sends buyers to pay (Checkout) and organisers to verify (Connect onboarding). */
const stripePageOrigins = ['https://checkout.stripe.com', 'https://connect.stripe.com'];
/** Where a Google Wallet "save" link opens. */
const googleWalletOrigin = 'https://pay.google.com';

const refinedSchema = envSchema.superRefine((env, ctx) => {
  if (deploymentOf(env) === 'production') {
    const required = {
      PUBLIC_APP_URL: 'is required on a deployment: links in mail start with it, never with the Host a request names',
      SMTP_URL: 'is required on a deployment: without it no mail (codes, tickets, refunds) ever leaves',
      PAYMENT_PROVIDER:
        'is required on a deployment: stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) takes real payments; sandbox runs a test deployment whose orders are all marked TEST',
    } as const;
    for (const [key, message] of Object.entries(required)) {
      if (!env[key as keyof typeof required]) ctx.addIssue({ code: 'custom', path: [key], message });
    }
  }
  if (env.STORAGE_DRIVER === 'aws') {
    for (const key of ['PUBLIC_AWS_REGION', 'PUBLIC_IDENTITY_POOL_ID', 'PUBLIC_BUCKET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=aws' });
    }
  }
  const wallet = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT', 'GOOGLE_WALLET_PRIVATE_KEY'] as const;
  if (wallet.some((key) => env[key])) {
    for (const key of wallet) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with the other GOOGLE_WALLET_ settings' });
    }
  }
  if (appleWalletVariables.some((key) => env[key])) {
    for (const key of appleWalletVariables) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with the other APPLE_WALLET_ settings' });
    }
    const apple = appleWalletFrom(env);
    for (const issue of apple ? appleWalletPemIssues(apple) : []) {
      ctx.addIssue({ code: 'custom', path: [issue.variable], message: issue.message });
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
  const deployment = deploymentOf(env);
  const isLocal = deployment === 'local';
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    deployment,
    /** Trying Admit on one machine: demo data, published demo passwords and the development mailbox are allowed. */
    isLocal,
    /** Seed demo data into a brand-new database: asked for, or by default on a local instance's embedded database. */
    demoData: env.DEMO_DATA ?? (isLocal && !env.DATABASE_URL),
    /** Mail is kept in the outbox and shown at /dev/mailbox: only on a local instance that sends no mail. */
    devMailbox: isLocal && !env.SMTP_URL,
    port: env.PORT,
    // A local instance carries demo accounts with published passwords: it stays on this machine unless HOST says otherwise.
    host: env.HOST ?? (isLocal ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    appUrl: env.PUBLIC_APP_URL,
    /** Where links in mail point: the configured public origin, never a request's Host. */
    publicOrigin: (env.PUBLIC_APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    smtpUrl: env.SMTP_URL,
    storageDriver: env.STORAGE_DRIVER,
    /** A deployment names its provider (checked above); a local instance pays in the sandbox. */
    paymentProvider: env.PAYMENT_PROVIDER ?? 'sandbox',
    stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL },
    googleWallet:
      env.GOOGLE_WALLET_ISSUER_ID && env.GOOGLE_WALLET_SERVICE_ACCOUNT && env.GOOGLE_WALLET_PRIVATE_KEY
        ? {
            issuerId: env.GOOGLE_WALLET_ISSUER_ID,
            serviceAccount: env.GOOGLE_WALLET_SERVICE_ACCOUNT,
            privateKey: env.GOOGLE_WALLET_PRIVATE_KEY.replace(/\\n/g, '\n'),
          }
        : null,
    appleWallet: appleWalletFrom(env),
    logLevel: env.LOG_LEVEL,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    orderHoldSeconds: env.ORDER_HOLD_SECONDS ?? null,
    orderLimitPerAddress: env.ORDER_LIMIT_PER_ADDRESS,
    networkLimits: { freeTickets: env.ORDER_FREE_TICKETS_PER_NETWORK, heldTickets: env.ORDER_HELD_TICKETS_PER_NETWORK },
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    /** Decision 051: refuse what cannot be served in time, rather than queue it without end. */
    overload: {
      enabled: env.OVERLOAD_SHEDDING === '1',
      maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: env.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: env.OVERLOAD_MAX_HEAP_MB ? env.OVERLOAD_MAX_HEAP_MB * 1024 * 1024 : defaultMaxHeapUsedBytes(),
    },
    pageRenders: { atOnce: env.PAGE_RENDERS_AT_ONCE, queue: env.PAGE_RENDER_QUEUE, waitMs: env.PAGE_RENDER_WAIT_MS },
    pageCache: { sharedSeconds: env.PAGE_CACHE_SECONDS, staleSeconds: env.PAGE_STALE_SECONDS },
    /** Decision 056: a burst for a public page costs one render. Only pages a proxy could share are kept. */
    pageKeep: { seconds: env.PAGE_CACHE_SECONDS > 0 ? env.PAGE_KEEP_SECONDS : 0, maxPages: 100 },
    messageMailsPerMinute: env.MESSAGE_MAILS_PER_MINUTE,
    /** Decision 065: a local instance keeps its memory small; a deployment keeps V8's speed. */
    optimizeFor: optimizeForOf(env),
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
      devMailbox: isLocal && !env.SMTP_URL,
      mapsApiKey: env.PUBLIC_MAPS_API_KEY ?? null,
      googleWallet: Boolean(env.GOOGLE_WALLET_ISSUER_ID),
      appleWallet: Boolean(env.APPLE_WALLET_PASS_TYPE_ID),
      // The event page's map link always opens, and so do the pages of the payment provider Admit is set up with
      // (checkout, organisers' onboarding); an operator adds others (decision 049).
      allowedExternalOrigins: [
        ...new Set([
          mapOrigin,
          ...(env.PAYMENT_PROVIDER === 'stripe' ? stripePageOrigins : []),
          ...(env.GOOGLE_WALLET_ISSUER_ID ? [googleWalletOrigin] : []),
          ...env.ALLOWED_EXTERNAL_ORIGINS.map((origin) => new URL(origin).origin),
        ]),
      ],
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
