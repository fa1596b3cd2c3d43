import type { Executor } from '../db/database.ts';

// What an event's waiting list (decision 063) changes for everyone who judges what buyers can get: the event page,
// codes that show hidden tickets, and the order path's sale context. The list itself is the waiting-list domain's.

export interface WaitingState {
  /** Buyers may join the lists of the event's sold-out types. */
  enabled: boolean;
  /** Types with people in the queue: the places they get back go to the list first, so buyers see them sold out. */
  waitingTypeIds: readonly string[];
}

export const noWaitingList: WaitingState = { enabled: false, waitingTypeIds: [] };

/** The event's types with anyone in the queue (an index range of the queue's partial index). */
export function waitingTypesQuery(db: Executor, eventId: string) {
  return db
    .selectFrom('waiting_list_entries')
    .select('ticket_type_id')
    .distinct()
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting');
}

export async function waitingStateOf(db: Executor, eventId: string): Promise<WaitingState> {
  const [settings, types] = await Promise.all([
    db.selectFrom('waiting_lists').select('enabled').where('event_id', '=', eventId).executeTakeFirst(),
    waitingTypesQuery(db, eventId).execute(),
  ]);
  return { enabled: settings?.enabled ?? false, waitingTypeIds: types.map((row) => row.ticket_type_id) };
}
