import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database.ts';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

const migrationFiles = async () => (await readdir(migrationsDir)).filter((file) => /^\d{4}_[\w-]+\.ts$/.test(file)).sort();

/** Loads `migrations/NNNN_name.ts` files in name order. */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of await migrationFiles()) {
      migrations[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(join(migrationsDir, file)).href)) as Migration;
    }
    return migrations;
  }
}

/**
 * Whether every migration file is already applied, read without loading the files or taking the migration lock: on
 * a warm start that is every time, and loading some forty modules and locking cost seconds.
 */
async function upToDate(db: Db): Promise<boolean> {
  const names = (await migrationFiles()).map((file) => file.replace(/\.ts$/, ''));
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return names.every((name) => applied.has(name));
  } catch {
    // No migration table yet: a new database.
    return false;
  }
}

/** Brings the schema up to date; throws when a migration fails. Returns the names applied now. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await upToDate(db)) return [];
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${inspect(error)}`, { cause: error });
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
