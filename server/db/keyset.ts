import { sql } from 'kysely';

/**
 * A keyset position: the exact sort time of the last row shown (ISO 8601 in UTC with microseconds, as the
 * database holds it) and its id. A JavaScript Date keeps only milliseconds, so a position read through one
 * would skip the rows written later within the same millisecond.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** The column's time as the position text: select it beside the row (`keysetTime('o.created_at').as('position_at')`). */
export const keysetTime = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows past `position` in a list sorted by (time, id): `<` newest first, `>` oldest first. */
export const pastPosition = ([time, id]: [time: string, id: string], direction: '<' | '>', position: KeysetPosition) =>
  sql<boolean>`(${sql.ref(time)}, ${sql.ref(id)}) ${sql.raw(direction)} (${position.at}::timestamptz, ${position.id})`;
