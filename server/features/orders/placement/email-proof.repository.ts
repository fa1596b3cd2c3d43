import { type CompiledQuery, sql, type Transaction } from 'kysely';
import type { Executor } from '../../../db/database.ts';
import type { Database } from '../../../db/types.ts';
import { outboxRow } from '../../../lib/mail/outbox.ts';
import type { NewEmailCode } from './email-code.ts';
import { maxCodeMails } from './order-limits.ts';

// The code that proves a free order's email (decision 021): one row per order, its keyed hash only.

export function insertEmailCodeQuery(db: Executor, orderId: string, codeHash: string): CompiledQuery {
  return db.insertInto('order_email_codes').values({ order_id: orderId, code_hash: codeHash }).compile();
}

/** The statements that store a new order's code and queue its mail, for the transaction that places it. */
export function emailCodeQueries(db: Executor, orderId: string, code: NewEmailCode): CompiledQuery[] {
  return [insertEmailCodeQuery(db, orderId, code.hash), db.insertInto('mail_outbox').values(outboxRow(code.mail)).compile()];
}

export function findEmailCode(db: Executor, orderId: string) {
  return db.selectFrom('order_email_codes').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** One more wrong try at the order's code; answers the count so far. Under the order's lock. */
export async function countWrongCodeTry(trx: Transaction<Database>, orderId: string): Promise<number> {
  const row = await trx
    .updateTable('order_email_codes')
    .set({ wrong_tries: sql`wrong_tries + 1`, updated_at: new Date() })
    .where('order_id', '=', orderId)
    .returning('wrong_tries')
    .executeTakeFirst();
  return row?.wrong_tries ?? Number.POSITIVE_INFINITY;
}

/** A new code replaces the old one, unless it was mailed as often as allowed; false then. Under the order's lock. */
export async function replaceEmailCode(trx: Transaction<Database>, orderId: string, codeHash: string): Promise<boolean> {
  const row = await trx
    .updateTable('order_email_codes')
    .set({ code_hash: codeHash, sends: sql`sends + 1`, updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('sends', '<', maxCodeMails)
    .returning('sends')
    .executeTakeFirst();
  return row !== undefined;
}

/** The proven order's tickets are issued: it is paid (for nothing) and holds no more. Under the order's lock. */
export async function markEmailProven(trx: Transaction<Database>, orderId: string, paidAt: Date): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: paidAt, hold_expires_at: null, failure_reason: null, updated_at: paidAt })
    .where('id', '=', orderId)
    .execute();
}

/** What the code mail says of the event: the organiser's words only. */
export function codeMailEventOf(db: Executor, eventId: string) {
  return db
    .selectFrom('events')
    .innerJoin('organizations', 'organizations.id', 'events.organization_id')
    .select(['events.title', 'events.starts_at', 'events.timezone', 'organizations.name as organizer_name'])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}
