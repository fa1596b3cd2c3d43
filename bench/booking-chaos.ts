// Chaos: orders rushed at a server on PostgreSQL that is killed with SIGKILL, then restarted; every
// order that was acknowledged must still be there, and nothing oversold.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase } from '../server/db/database.ts';
import { buyer, oversoldIn, post, prepare } from './booking-setup.ts';
import { dropDatabase, recreate } from './scratch-postgres.ts';
import { startApi } from './server-process.ts';

export interface ChaosResult {
  acknowledged: number;
  missingAfterRestart: number;
  unansweredWhenKilled: number;
  oversold: number;
}

export async function chaosRun(): Promise<ChaosResult> {
  const url = await recreate('admit_bench_chaos');
  const db = createDatabase({ databaseUrl: url, dataDir: 'unused' });
  const fixture = await prepare(db);
  const env = { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-bench-chaos-')) };
  const acknowledged: string[] = [];
  let unanswered = 0;
  let server = await startApi(env);
  try {
    let killed = false;
    const rush = Promise.all(
      Array.from({ length: 32 }, async (_, lane) => {
        while (!killed) {
          const ticketTypeId = lane % 2 ? fixture.freeTypeId : fixture.openTypeId;
          try {
            const response = await post(
              server.baseUrl,
              '/api/orders',
              { eventId: fixture.eventId, items: [{ ticketTypeId, quantity: 1 }], buyer: buyer() },
              { 'idempotency-key': randomUUID() },
            );
            if (response.status === 201) acknowledged.push(String(response.body.data?.id));
          } catch {
            unanswered += 1;
          }
        }
      }),
    );
    await sleep(2500);
    killed = true; // no new requests; the ones in flight are cut off by the kill
    await server.stop('SIGKILL');
    await rush;
    server = await startApi(env);
    const found = acknowledged.length ? await db.selectFrom('orders').select('id').where('id', 'in', acknowledged).execute() : [];
    return {
      acknowledged: acknowledged.length,
      missingAfterRestart: acknowledged.length - found.length,
      unansweredWhenKilled: unanswered,
      oversold: await oversoldIn(db),
    };
  } finally {
    await server.stop();
    await db.destroy();
    await dropDatabase('admit_bench_chaos');
  }
}
