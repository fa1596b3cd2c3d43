import type { Transaction } from 'kysely';
import type { Database } from '../../../db/types.ts';

/** The ticket locked for a change, with what the change is judged on. */
export function lockTicket(trx: Transaction<Database>, ticketId: string) {
  return trx.selectFrom('tickets').select(['id', 'event_id', 'status']).where('id', '=', ticketId).forUpdate().executeTakeFirst();
}

export async function setHolderName(trx: Transaction<Database>, ticketId: string, holderName: string): Promise<void> {
  await trx.updateTable('tickets').set({ holder_name: holderName }).where('id', '=', ticketId).execute();
}

/** Marks the order changed, which puts its tickets in the door's next changes download. */
export async function touchOrder(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx.updateTable('orders').set({ updated_at: new Date() }).where('id', '=', orderId).execute();
}
