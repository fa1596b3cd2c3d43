import { configOrExit } from '../bootstrap.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { demoAccountPassword, seedDemoData } from './seed.ts';

const config = configOrExit();
const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(db);
const accounts = await seedDemoData(db, config.dataDir, demoAccountPassword(config), { local: config.isLocal });
process.stdout.write('Demo data written.\n');
for (const account of accounts) process.stdout.write(`  ${account.role}: ${account.email} / ${account.password}\n`);
await db.destroy();
