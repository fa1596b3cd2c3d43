import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { everyRow, exportRowLimit } from './admin-exports.service.ts';

const db = {} as Db;
const caller = {} as AccessClaims;

/** A list of `total` numbered rows, its cursor the next row's number. */
function numbered(total: number) {
  const asked: Array<{ after?: string | undefined; size: number }> = [];
  const list = async (_db: Db, _caller: AccessClaims, query: { after?: string | undefined }, size: number) => {
    asked.push({ after: query.after, size });
    const from = Number(query.after ?? 0);
    const items = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, index) => from + index);
    const next = from + items.length < total ? String(from + items.length) : null;
    return { items, next };
  };
  return { list, asked };
}

describe('an admin export', () => {
  it('follows the list from the given page to its end, a large page at a time', async () => {
    const { list, asked } = numbered(1_234);
    const rows = await everyRow(list, db, caller, { after: '4' });
    expect(rows).toHaveLength(1_230);
    expect(rows[0]).toBe(4);
    expect(rows.at(-1)).toBe(1_233);
    expect(asked.map((call) => call.size)).toEqual([500, 500, 500]);
  });

  it('stops at the row limit however long the list is', async () => {
    const { list, asked } = numbered(1_000_000);
    const rows = await everyRow(list, db, caller, {});
    expect(rows).toHaveLength(exportRowLimit);
    expect(asked.every((call) => call.size <= 500)).toBe(true);
  });
});
