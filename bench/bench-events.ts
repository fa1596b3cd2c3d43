import type { Insertable } from 'kysely';
import type { Db } from '../server/db/database.ts';
import type { EventsTable } from '../server/db/types.ts';

/**
 * Writes one batch of a bench's made-up events, each with a "Standard" ticket type priced by its place in the whole
 * list (`start` is the batch's first place): free, £5, £10 or £15 in turn.
 */
export async function insertBenchEvents(db: Db, rows: Insertable<EventsTable>[], start: number): Promise<void> {
  const ids = await db.insertInto('events').values(rows).returning('id').execute();
  await db
    .insertInto('ticket_types')
    .values(
      ids.map(({ id }, offset) => ({
        event_id: id,
        name: 'Standard',
        price: ((start + offset) % 4) * 500,
        currency: 'GBP',
        capacity: 100,
      })),
    )
    .execute();
}
