import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../../db/database.ts';
import type { Database, TicketTransfersTable } from '../../../db/types.ts';

// Changes of a ticket's holder (decision 069): written here only, by the orders domain.

/** Every change of holder on these orders, oldest first. */
export function transfersOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ticket_transfers')
    .select(['order_id', 'ticket_id', 'kind', 'from_name', 'to_name', 'to_email', 'created_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type TicketTransferRow = Awaited<ReturnType<typeof transfersOf>>[number];

export interface HolderChange {
  ticketId: string;
  kind: 'transfer' | 'rename';
  holderName: string;
  holderEmail: string | null;
  /** A transfer's new codes; a name correction keeps the old ones. */
  codes: { code: string; shortCode: string } | null;
}

/** Gives the ticket its new holder (and, for a transfer, its new codes), and bumps its version. */
export async function changeHolder(trx: Transaction<Database>, change: HolderChange): Promise<void> {
  await trx
    .updateTable('tickets')
    .set((eb) => ({
      holder_name: change.holderName,
      holder_version: eb('holder_version', '+', 1),
      ...(change.kind === 'transfer' ? { holder_email: change.holderEmail } : {}),
      ...(change.codes ? { code: change.codes.code, short_code: change.codes.shortCode } : {}),
    }))
    .where('id', '=', change.ticketId)
    .execute();
}

export async function insertTransfer(trx: Transaction<Database>, row: Insertable<TicketTransfersTable>): Promise<void> {
  await trx.insertInto('ticket_transfers').values(row).execute();
}
