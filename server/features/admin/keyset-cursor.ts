import { HttpError } from '../../lib/http-error.ts';
import type { Position } from './admin-lists.repository.ts';

/** Rows on one page of an admin list. */
export const adminPageSize = 25;

/** An opaque cursor for the row after which the next page starts. */
export function encodeCursor(at: Date | string, id: string): string {
  return Buffer.from(`${new Date(at).toISOString()}|${id}`).toString('base64url');
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (Number.isNaN(at.getTime()) || !id || !uuid.test(id)) {
    throw new HttpError('BAD_REQUEST', 'That page link is not valid; start from the first page.', [
      { path: 'query.after', message: 'Not a page cursor.' },
    ]);
  }
  return { at, id };
}

/** Asks for one row more than a page, to know whether another page follows. */
export function pageOf<T>(rows: T[], size: number, positionOf: (row: T) => [Date | string, string]) {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  const next = rows.length > size && last ? encodeCursor(...positionOf(last)) : null;
  return { items, next };
}
