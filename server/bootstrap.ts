import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isSeeded, seedDemoData } from './db/seed.ts';
import { pruneSignUpAttempts } from './features/auth/sign-up-attempts.repository.ts';
import { startBookingSweeper } from './features/orders/booking-sweeper.ts';
import { createMailSender, type MailSenderLog } from './lib/mail/mail-sender.ts';
import { pruneRateLimits } from './lib/rate-limiter.ts';

export interface Runtime {
  config: Config;
  db: Db;
}

/** Reads configuration (exiting with a message naming the bad variable) and opens the database. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens and migrates the database; seeds demo data on a brand-new one. */
const stdoutLog: Pick<FastifyBaseLogger, 'info'> = {
  info: (details: object, message?: string) =>
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: message, ...details })}\n`),
} as Pick<FastifyBaseLogger, 'info'>;

export async function prepareDatabase(config: Config, log: Pick<FastifyBaseLogger, 'info'> = stdoutLog): Promise<Db> {
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');
  if (!(await isSeeded(db))) {
    const accounts = await seedDemoData(db, config.dataDir);
    log.info({ accounts: accounts.map(({ role, email }) => ({ role, email })) }, 'demo data seeded');
    for (const account of accounts) {
      process.stdout.write(`demo ${account.role}: ${account.email} / ${account.password}\n`);
    }
  }
  return db;
}

/**
 * Work that runs beside the requests: delivering queued mail, pruning old rate-limit windows and lapsed sign-ups,
 * ending lapsed holds.
 */
export function startBackgroundWork(config: Config, db: Db, log: MailSenderLog): () => Promise<void> {
  const mail = createMailSender({ db, smtpUrl: config.smtpUrl, log });
  mail.start();
  const pruning = setInterval(
    () => {
      pruneRateLimits(db).catch((error: unknown) => log.warn({ err: error }, 'could not prune rate limits'));
      pruneSignUpAttempts(db).catch((error: unknown) => log.warn({ err: error }, 'could not prune sign-up attempts'));
    },
    60 * 60 * 1000,
  );
  pruning.unref();
  const stopSweeper = startBookingSweeper(config, db, log);
  return async () => {
    clearInterval(pruning);
    await stopSweeper();
    await mail.stop();
  };
}
