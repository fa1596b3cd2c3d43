import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database.ts';
import { statementTemplate } from './statement-template.ts';

const db: Db = createDatabase({ dataDir: 'memory://' });
afterAll(() => db.destroy());

interface Lookup {
  reference: string;
  since: Date;
  buyer: { email: string; userId: string | null };
}

const direct = (values: Lookup) =>
  db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('reference', '=', values.reference)
    .where('created_at', '>=', values.since)
    .where((eb) => eb.or([eb('buyer_email', '=', values.buyer.email), eb('user_id', '=', values.buyer.userId)]))
    .limit(5);

describe('statementTemplate', () => {
  it('compiles once and answers each call with that call’s values, as building the query anew would', () => {
    let builds = 0;
    const lookup = statementTemplate((_db, values: Lookup) => {
      builds += 1;
      return direct(values);
    });
    const first: Lookup = { reference: 'ADM-1', since: new Date(1), buyer: { email: 'a@example.test', userId: null } };
    const second: Lookup = { reference: 'ADM-2', since: new Date(2), buyer: { email: 'b@example.test', userId: 'u-2' } };
    for (const values of [first, second, first]) {
      const compiled = lookup(db, values);
      const expected = direct(values).compile();
      expect(compiled.sql).toBe(expected.sql);
      expect(compiled.parameters).toEqual(expected.parameters);
    }
    expect(builds).toBe(1);
  });

  it('builds each named shape once, and refuses values whose arrays or objects changed form within a shape', () => {
    const shapes: string[] = [];
    const insert = statementTemplate((inner, values: { rows: { key: string; value: string }[] }, shape) => {
      shapes.push(shape);
      return inner.insertInto('app_meta').values(values.rows);
    });
    const one = { rows: [{ key: 'a', value: '1' }] };
    const two = { rows: [...one.rows, { key: 'b', value: '2' }] };
    expect(insert(db, one, '1').parameters).toEqual(['a', '1']);
    expect(insert(db, two, '2').parameters).toEqual(['a', '1', 'b', '2']);
    expect(insert(db, { rows: [{ key: 'c', value: '3' }] }, '1').parameters).toEqual(['c', '3']);
    expect(shapes).toEqual(['1', '2']);
    expect(() => insert(db, two, '1')).toThrow(/changed form/);
    expect(() => insert(db, { rows: [{ key: 'd', value: '4', extra: 'x' } as { key: string; value: string }] }, '1')).toThrow(
      /changed form/,
    );
  });

  it('refuses a value it could not fill in: one written into the SQL text, or missing', () => {
    const intoText = statementTemplate((_db, values: { table: string }) => sql`select * from ${sql.raw(values.table)}`);
    expect(() => intoText(db, { table: 'orders' })).toThrow(/written into the SQL text/);
    const missing = statementTemplate((_db, values: { key?: string }) => sql`select ${values.key ?? null} as key`);
    expect(missing(db, { key: 'x' }).parameters).toEqual(['x']);
    expect(() => missing(db, { key: undefined })).toThrow(/no value at key/);
  });

  it('runs: the filled-in statement reads what it should', async () => {
    const read = statementTemplate((inner: Db, values: { a: number; b: string }) =>
      inner.selectNoFrom([sql<number>`${values.a}::int`.as('a'), sql<string>`${values.b}::text`.as('b')]),
    );
    const { rows } = await db.executeQuery(read(db, { a: 7, b: 'seven' }));
    expect(rows).toEqual([{ a: 7, b: 'seven' }]);
  });
});
