import { isUuid } from '../../src/contract/ids.ts';
import type { KeysetPosition } from '../db/keyset.ts';
import { HttpError } from './http-error.ts';

const utcTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** An opaque cursor for the row after which the next page starts. */
export const encodeCursor = (position: KeysetPosition): string =>
  Buffer.from(`${position.at}|${position.id}`).toString('base64url');

/** The position a cursor names; a 400 with `message` when it names none. */
export function decodeCursor(
  cursor: string | undefined,
  message = 'That page link is not valid; start from the first page.',
  field = 'query.after',
): KeysetPosition | null {
  if (!cursor) return null;
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!utcTime.test(at) || Number.isNaN(Date.parse(at)) || !isUuid(id)) {
    throw new HttpError('BAD_REQUEST', message, [{ path: field, message: 'Not a page cursor.' }]);
  }
  return { at, id };
}

/** A page from rows fetched one past its size (to know whether another follows), with the cursor for the next. */
export function pageOf<T extends { position_at: string; id: string }>(rows: T[], size: number) {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  const next = rows.length > size && last ? encodeCursor({ at: last.position_at, id: last.id }) : null;
  return { items, next };
}
