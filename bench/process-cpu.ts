// CPU time used by processes, from /proc: steadier than requests per second on a shared machine.
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat; here counted from the state field (3).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The server processes (backends) serving one database right now. */
export async function backendPids(adminUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** CPU seconds used by a set of processes between `start()` and the call of what it returns. */
export function cpuMeter(pids: number[]): () => number {
  const before = pids.map(cpuSeconds);
  return () => pids.reduce((sum, pid, index) => sum + Math.max(0, cpuSeconds(pid) - (before[index] ?? 0)), 0);
}
