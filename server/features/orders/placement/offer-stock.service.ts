import type { CompiledQuery, Transaction } from 'kysely';
import type { Db, Executor } from '../../../db/database.ts';
import type { Database } from '../../../db/types.ts';
import { lockQuotasOf, releaseStock } from '../orders.repository.ts';

// Places a waiting list's offer holds (decision 063) are taken from stock as a hold takes them, so everything that
// judges what is left (placements, the event page, quotas) sees them; orders remains the one writer of `taken`.

/**
 * The event's stock, locked for a waiting list to offer from: the quota lock shared and every quota of the event, then
 * every ticket type, in id order, as every writer of stock locks them (decision 061). The caller holds the event's row
 * already, so no placement of the event is in flight.
 */
export async function lockEventStock(trx: Transaction<Database>, eventId: string) {
  const ids = await trx.selectFrom('ticket_types').select('id').where('event_id', '=', eventId).orderBy('id').execute();
  const quotas = await lockQuotasOf(
    trx,
    eventId,
    ids.map((row) => row.id),
  );
  const types = await trx
    .selectFrom('ticket_types')
    .select([
      'id',
      'name',
      'capacity',
      'taken',
      'hidden',
      'min_per_order',
      'max_per_order',
      'sales_start',
      'sales_end',
      'price',
      'currency',
    ])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  return { quotas, types };
}
export type LockedStock = Awaited<ReturnType<typeof lockEventStock>>;

/** Places held for an offer, with the event's stock locked (lockEventStock) and room for them checked. */
export async function holdOfferedPlaces(trx: Transaction<Database>, ticketTypeId: string, quantity: number): Promise<void> {
  await trx
    .updateTable('ticket_types')
    .set((eb) => ({ taken: eb('taken', '+', quantity) }))
    .where('id', '=', ticketTypeId)
    .execute();
}

/** An offer's places back on sale: it lapsed, or its person left or was removed. */
export async function releaseOfferedPlaces(
  trx: Transaction<Database>,
  eventId: string,
  ticketTypeId: string,
  quantity: number,
): Promise<void> {
  await releaseStock(trx, eventId, [{ ticket_type_id: ticketTypeId, quantity }]);
}

/** A waiting-list offer as an order placed with it needs it. */
export interface OfferForOrder {
  id: string;
  ticketTypeId: string;
  /** Places the offer holds; the order may take fewer (the rest go back, to the next person). */
  quantity: number;
  email: string;
  status: string;
  expiresAt: Date | null;
}

/**
 * What placing an order with a waiting-list offer asks of the waiting list, handed to orders where the app is put
 * together (server/app.ts), so that orders, which the waiting list calls, never calls it back.
 */
export interface WaitingOffers {
  /** The offer of the event whose mailed secret this is, or null. */
  find(db: Executor, eventId: string, token: string): Promise<OfferForOrder | null>;
  /**
   * The statement, in the order's transaction, that marks the offer taken by the order, or refuses the order
   * (`offer_lapsed`) when the offer is no longer open: lapsed, taken, or its person left.
   */
  takeQuery(db: Db, offer: { id: string; email: string }, orderId: string): CompiledQuery;
}
