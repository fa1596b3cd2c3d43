// Runs one measurement on a fresh embedded PGlite and, when the bench's PostgreSQL answers, on a scratch database
// there (dropped afterwards): the benches that report a figure per database share this.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Db } from '../server/db/database.ts';
import { dropDatabase, postgresReachable, recreate } from './scratch-postgres.ts';

export interface EachDatabaseOptions {
  /**
   * Where PGlite keeps its files: in memory (the default), or in a scratch folder on disk, as the server keeps them
   * (`DATA_DIR`), for a bench that measures the process's memory: in memory, the database's files and its sorts' temporary
   * files are this process's memory too.
   */
  pgliteOnDisk?: boolean;
}

export async function onEachDatabase<T>(
  tag: string,
  measure: (db: Db, label: string) => Promise<T>,
  options: EachDatabaseOptions = {},
): Promise<T[]> {
  const results: T[] = [];
  const folder = options.pgliteOnDisk ? mkdtempSync(join(tmpdir(), `admit-bench-${tag}-`)) : null;
  const pglite = createDatabase({ dataDir: folder ?? 'memory://' });
  try {
    results.push(await measure(pglite, folder ? 'PGlite (embedded, on disk)' : 'PGlite (embedded)'));
  } finally {
    await pglite.destroy();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
  if (await postgresReachable()) {
    const name = `admit_bench_${tag}_${process.pid}`;
    const postgres = createDatabase({ databaseUrl: await recreate(name), dataDir: 'unused' });
    try {
      results.push(await measure(postgres, 'PostgreSQL'));
    } finally {
      await postgres.destroy();
      await dropDatabase(name);
    }
  }
  return results;
}
