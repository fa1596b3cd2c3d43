import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { demoPassword, seedAccounts } from './seed-accounts.ts';
import { seedDemoEvents } from './seed-events.ts';
import { seedDemoOrders } from './seed-orders.ts';
import { seedOrganisations } from './seed-organisations.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

const seededKey = 'demo_data_seeded_at';

/** True when this database has had demo data written to it before. */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', seededKey).executeTakeFirst();
  return row !== undefined;
}

/**
 * The demo accounts' password: the published one only where demo data is for trying Admit on one
 * machine; anywhere else a fresh random one, printed once, so no deployment has a known admin password.
 */
export const demoAccountPassword = (config: { isLocal: boolean }) =>
  config.isLocal ? demoPassword : randomBytes(12).toString('base64url');

/**
 * Fills an empty database with a believable marketplace. Each feature adds its part here; returns the demo accounts
 * so the caller can print them. `local` is a local instance's demo (decision 057): its events are in test mode, so
 * their door admits the visitor's own sandbox tickets, and its sales are demo sales that count in the organisers'
 * money. Anywhere else the demo's orders are paid in the sandbox: TEST orders, which move no money.
 */
export async function seedDemoData(
  db: Db,
  dataDir: string,
  password = demoPassword,
  options: { local?: boolean } = {},
): Promise<DemoAccount[]> {
  const local = options.local === true;
  const accounts: DemoAccount[] = [...(await seedAccounts(db, password))];
  await seedOrganisations(db, dataDir);
  await seedDemoEvents(db, dataDir, { testMode: local });
  await seedDemoOrders(db, { provider: local ? 'demo' : 'sandbox' });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('app_meta')
      .values({ key: seededKey, value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value'), updated_at: sql`now()` }))
      .execute();
  });
  return accounts;
}
