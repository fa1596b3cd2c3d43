import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf } from './keyset-cursor.ts';

const id = '0b0c4d6e-8f10-4a2b-9c3d-4e5f60718293';

describe('keyset cursors', () => {
  it('carry the exact time, microseconds included, and refuse anything else with the message given', () => {
    const at = '2026-06-01T10:00:00.123456Z';
    expect(decodeCursor(encodeCursor({ at, id }))).toEqual({ at, id });
    expect(decodeCursor('')).toBeNull();
    for (const bad of ['nonsense', encodeCursor({ at: 'yesterday', id }), encodeCursor({ at, id: 'not-an-id' })]) {
      expect(() => decodeCursor(bad, 'Start again.')).toThrow('Start again.');
    }
  });

  it('give the next page from the last row shown, and none after the last page', () => {
    const rows = ['.000003', '.000002', '.000001'].map((fraction, index) => ({
      id: id.replace(/.$/, String(index)),
      position_at: `2026-06-01T10:00:00${fraction}Z`,
    }));
    const first = pageOf(rows, 2);
    expect(first.items).toHaveLength(2);
    expect(decodeCursor(first.next ?? '')).toEqual({ at: rows[1]?.position_at, id: rows[1]?.id });
    expect(pageOf(rows, 3).next).toBeNull();
  });
});
