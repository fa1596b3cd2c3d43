import type { FastifyBaseLogger } from 'fastify';
import { demoAccounts, demoPassword } from './cli/seed-accounts.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { readableLogStream } from './lib/readable-log.ts';

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

/** The start-up's own log lines: JSON on a deployment, sentences on a local instance (as the server's log). */
const startLog = (config: Config): Pick<FastifyBaseLogger, 'info'> => {
  const out = config.isLocal ? readableLogStream() : { write: (line: string) => process.stdout.write(line) };
  return {
    info: (details: object, message?: string) =>
      out.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: message, ...details })}\n`),
  } as Pick<FastifyBaseLogger, 'info'>;
};

/**
 * Opens and migrates the database. Demo data goes only into a database that is new now, and only
 * when it is wanted (DEMO_DATA=1, or a local instance's embedded database): a deployment starts closed.
 */
export async function prepareDatabase(config: Config, log: Pick<FastifyBaseLogger, 'info'> = startLog(config)): Promise<Db> {
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(db);
  if (applied.length) {
    const details = config.isLocal ? {} : { migrations: applied };
    log.info(details, `database migrated: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied`);
  }
  const isNew = applied.some((name) => name.startsWith('0001_'));
  // The seed's modules load only for a new database: a warm start never needs them.
  const seed = config.demoData && isNew ? await import('./cli/seed.ts') : undefined;
  if (seed && !(await seed.isSeeded(db))) {
    const accounts = await seed.seedDemoData(db, config.dataDir, seed.demoAccountPassword(config), { local: config.isLocal });
    // A local instance lists its accounts on every start (describeInstance); a deployment's log keeps who they are.
    if (config.isLocal) {
      process.stdout.write('Demo data seeded: events, orders, and the accounts listed below.\n');
    } else {
      log.info({ accounts: accounts.map(({ role, email }) => ({ role, email })) }, 'demo data seeded');
      process.stdout.write(`Demo data seeded (${accounts.length} accounts; a new random password, shown only now):\n`);
      for (const account of accounts) process.stdout.write(`  demo ${account.role}: ${account.email} / ${account.password}\n`);
    }
  }
  return db;
}

/** Says on the console what kind of instance this is, so nobody runs a local trial as a deployment unawares. */
export async function describeInstance(
  config: Config,
  db: Db,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<void> {
  if (!config.isLocal) return;
  write('This is a local instance, for trying Admit on one machine (DEPLOYMENT=local).');
  // A local instance's demo accounts have the published password (`demoAccountPassword`), so it can be shown.
  const { isSeeded } = await import('./cli/seed.ts');
  if (await isSeeded(db)) {
    write(`Sign in with a demo account, password ${demoPassword}:`);
    for (const account of demoAccounts) write(`  ${account.email.padEnd(28)} ${account.role}`);
  } else {
    write('No demo accounts here: sign up, or make an administrator with `npm run admin:create`.');
  }
  if (config.paymentProvider === 'sandbox') {
    // The demo's own sales are demo sales, which count (decision 057); what a person buys here is play money.
    write('Payments run in the sandbox: every order paid here is a TEST order.');
  }
  if (config.devMailbox) write(`Mail is not sent: read it (sign-up codes, tickets) at ${config.publicOrigin}/dev/mailbox`);
  else if (config.smtpUrl) write(`Mail goes out through the SMTP server at ${new URL(config.smtpUrl).host}.`);
  if (!['127.0.0.1', 'localhost', '::1'].includes(config.host)) {
    write(`Warning: HOST=${config.host} makes this local instance, and any demo account, reachable from other machines.`);
  }
}
