// Runs one measurement on a fresh embedded PGlite and, when the bench's PostgreSQL answers, on a scratch database
// there (dropped afterwards): the benches that report a figure per database share this.
import { createDatabase, type Db } from '../server/db/database.ts';
import { dropDatabase, postgresReachable, recreate } from './scratch-postgres.ts';

export async function onEachDatabase<T>(tag: string, measure: (db: Db, label: string) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  const pglite = createDatabase({ dataDir: 'memory://' });
  try {
    results.push(await measure(pglite, 'PGlite (embedded)'));
  } finally {
    await pglite.destroy();
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
