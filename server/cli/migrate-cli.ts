import { configOrExit } from '../bootstrap.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

const config = configOrExit();
const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrateToLatest(db);
process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
await db.destroy();
