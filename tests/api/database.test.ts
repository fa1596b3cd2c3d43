import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCustomPlans } from '../../server/db/custom-plans.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A statement the database refuses, sent from a function of its own so that its name can be found in the stack. */
async function readMalformedId() {
  return await sql`select ${'not-a-uuid'}::uuid as id`.execute(database.db);
}

describe('a statement the database refuses', () => {
  it("rejects with the database's own error and code, with a stack that leads back to the code that sent it", async () => {
    const error = (await readMalformedId().catch((caught: unknown) => caught)) as Error & { code?: string };
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('22P02');
    expect(error.message).toMatch(/invalid input syntax for type uuid/);
    expect(error.stack).toContain('readMalformedId');
  });

  it('leaves the connection usable: the statements after it are answered, each with its own rows', async () => {
    await readMalformedId().catch(() => undefined);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => sql<{ n: number }>`select ${n}::int as n`.execute(database.db)),
    );
    expect(answers.map(({ rows }) => rows[0]?.n)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('statements planned for their own parameters', () => {
  const planMode = async (executor: typeof database.db) =>
    (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(executor)).rows[0]?.plan_cache_mode;

  it('are planned so inside withCustomPlans only: the connection is back to its own setting after it', async () => {
    await database.db.connection().execute(async (connection) => {
      const before = await planMode(connection);
      expect(await withCustomPlans(connection, (trx) => planMode(trx))).toBe('force_custom_plan');
      expect(await planMode(connection)).toBe(before);
      expect(before).not.toBe('force_custom_plan');
    });
  });

  it('answer what the work returns, and a failure inside is thrown with nothing left open', async () => {
    await expect(
      withCustomPlans(database.db, async (trx) => (await sql<{ n: number }>`select 7 as n`.execute(trx)).rows[0]?.n),
    ).resolves.toBe(7);
    await expect(withCustomPlans(database.db, (trx) => sql`select ${'not-a-uuid'}::uuid`.execute(trx))).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await sql<{ n: number }>`select 8 as n`.execute(database.db)).rows[0]?.n).toBe(8);
  });
});
