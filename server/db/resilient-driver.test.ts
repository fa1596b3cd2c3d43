import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isConnectionLost } from './connection-loss.ts';
import { isRead } from './resilient-driver.ts';
import type { Database } from './types.ts';

// Compiling needs no connection: the pool is never asked for one.
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }) });

describe('a statement sent again on another connection when its own is lost', () => {
  it('is a read: a select, or raw SQL that only reads', () => {
    expect(isRead(db.selectFrom('orders').select('id').where('id', '=', 'x').compile())).toBe(true);
    expect(isRead(sql`select 1`.compile(db))).toBe(true);
    expect(isRead(sql`with t as (select 1 as n) select n from t`.compile(db))).toBe(true);
  });

  it('is never a write, a locking read, or a select that calls something with an effect', () => {
    expect(isRead(db.insertInto('rate_limit_counters').values({ key: 'k', window_start: new Date(), hits: 1 }).compile())).toBe(
      false,
    );
    expect(isRead(db.updateTable('orders').set({ buyer_name: 'x' }).compile())).toBe(false);
    expect(isRead(db.deleteFrom('orders').compile())).toBe(false);
    expect(isRead(db.selectFrom('orders').select('id').forUpdate().compile())).toBe(false);
    expect(isRead(sql`with moved as (update orders set buyer_name = 'x' returning id) select id from moved`.compile(db))).toBe(
      false,
    );
    expect(isRead(sql`select admit_refuse('stale', '')`.compile(db))).toBe(false);
    expect(isRead(sql`begin`.compile(db))).toBe(false);
  });
});

describe('a lost connection, told from a statement the database refused', () => {
  const pgError = (fields: Record<string, string>, message = 'error') => Object.assign(new Error(message), fields);

  it('is a FATAL from the server, a closed or refused socket, or a client pg gave up on', () => {
    expect(
      isConnectionLost(pgError({ code: '57P01', severity: 'FATAL' }, 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(
      isConnectionLost(pgError({ code: '55000', severity: 'FATAL' }, 'database "x" is not currently accepting connections')),
    ).toBe(true);
    expect(isConnectionLost(pgError({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isConnectionLost(new DatabaseUnavailableError(null))).toBe(true);
  });

  it('is not a refused statement: a constraint, a bad value, a refusal of the sale guard', () => {
    expect(isConnectionLost(pgError({ code: '23514', severity: 'ERROR' }))).toBe(false);
    expect(isConnectionLost(pgError({ code: '22P02', severity: 'ERROR' }))).toBe(false);
    expect(isConnectionLost(pgError({ code: 'P0001', severity: 'ERROR' }, 'admit_refuse'))).toBe(false);
    expect(isConnectionLost('a string')).toBe(false);
  });

  it('is answered as a 503 with a sentence a person can read', () => {
    const error = new DatabaseUnavailableError(new Error('terminating connection due to administrator command'));
    expect(error.statusCode).toBe(503);
    expect(error.message).toMatch(/^The service lost its connection to the database/);
    expect(error.message).not.toMatch(/terminating/);
  });
});
