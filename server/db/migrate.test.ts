import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const db = createDatabase({ dataDir: 'memory://' });
afterAll(() => db.destroy());

const files = readdirSync(new URL('./migrations/', import.meta.url)).filter((file) => /^\d{4}_[\w-]+\.ts$/.test(file));

describe('migrating', () => {
  it('applies every migration to a new database, then finds nothing to do on the next start', async () => {
    expect(await migrateToLatest(db)).toHaveLength(files.length);
    expect(await migrateToLatest(db)).toEqual([]);
  }, 60_000);

  it('hands a database that lacks a migration to the migrator, which refuses one applied out of order', async () => {
    await sql`delete from kysely_migration where name = '0001_foundation'`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(/0001_foundation|corrupted|order/i);
  });
});
