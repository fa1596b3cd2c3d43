import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelinedTransaction } from '../../server/db/pipelined-transaction.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const db = () => database.db;
const windowStart = new Date('2026-01-01T00:00:00Z');
const insertCounter = (key: string, hits = 1) =>
  db().insertInto('rate_limit_counters').values({ key, window_start: windowStart, hits }).compile();
const stored = async (keys: string[]) =>
  (await db().selectFrom('rate_limit_counters').select('key').where('key', 'in', keys).execute()).map((row) => row.key).sort();

describe('a pipelined transaction', () => {
  it('commits every batch together and answers each statement', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const counted = await pipelinedTransaction(db(), async (pipeline) => {
      await pipeline.send([insertCounter(a), insertCounter(b)]);
      const [count] = await pipeline.commit([
        db().selectFrom('rate_limit_counters').select(db().fn.countAll<string>().as('n')).where('key', 'in', [a, b]).compile(),
        insertCounter(c),
      ]);
      return Number((count?.rows[0] as { n: string } | undefined)?.n);
    });
    expect(counted).toBe(2);
    expect(await stored([a, b, c])).toEqual([a, b, c].sort());
  });

  it('rolls everything back when a statement of the last batch fails, and throws that failure', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const attempt = pipelinedTransaction(db(), async (pipeline) => {
      await pipeline.send([insertCounter(a)]);
      // The same key again breaks the primary key; the statements before it in the batch are undone too.
      await pipeline.commit([insertCounter(b), insertCounter(a)]);
    });
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
    expect(await stored([a, b])).toEqual([]);
  });

  it('rolls back when the work refuses between batches, and leaves the connection clean for the next user', async () => {
    const a = randomUUID();
    const attempt = pipelinedTransaction(db(), async (pipeline) => {
      await pipeline.send([insertCounter(a)]);
      throw new Error('refused');
    });
    await expect(attempt).rejects.toThrow('refused');
    expect(await stored([a])).toEqual([]);
    // Whatever connection comes next is outside any transaction: what it writes stays.
    const later = randomUUID();
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db()
          .selectNoFrom((eb) => eb.val(1).as('one'))
          .execute(),
      ),
    );
    await db().executeQuery(insertCounter(later));
    expect(await stored([later])).toEqual([later]);
  });
});
