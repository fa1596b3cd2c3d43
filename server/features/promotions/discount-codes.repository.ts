import { type CompiledQuery, type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { DiscountCodesTable } from '../../db/types.ts';

// An event's discount and access codes (decision 060): this domain writes `discount_codes`; its `uses` move only with
// orders (codeUseQuery, and the trigger of migration 0042).

export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type NewDiscountCode = Insertable<DiscountCodesTable>;
export type DiscountCodeValues = Omit<NewDiscountCode, 'id' | 'event_id' | 'code' | 'created_by' | 'created_at'>;

/** The event a code belongs to: whose it is and whether it is on sale (read from the events' table). */
export function eventOfCodes(db: Executor, eventId: string) {
  return db.selectFrom('events').select(['organization_id', 'status', 'title']).where('id', '=', eventId).executeTakeFirst();
}

/** The event's ticket types, hidden ones included, in the order the event page lists them. */
export function ticketTypesOfEvent(db: Executor, eventId: string) {
  return db
    .selectFrom('ticket_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}

/** A code and its sales: paid orders placed with it, their ticket money still valid, and what it took off. */
export type DiscountCodeWithSales = DiscountCodeRow & { paid_orders: number; revenue: number; discounted: number };

const paid = sql<boolean>`o.status in ('paid', 'partially_refunded', 'refunded')`;

function withSales(db: Executor) {
  return db
    .selectFrom('discount_codes as c')
    .selectAll('c')
    .select([
      sql<number>`(select count(*)::int from orders o where o.discount_code_id = c.id and ${paid})`.as('paid_orders'),
      sql<number>`(select coalesce(sum(o.valid_price), 0)::int from orders o where o.discount_code_id = c.id and ${paid})`.as(
        'revenue',
      ),
      sql<number>`(select coalesce(sum(o.discount), 0)::int from orders o where o.discount_code_id = c.id and ${paid})`.as(
        'discounted',
      ),
    ]);
}

export async function listCodes(
  db: Executor,
  eventId: string,
  query: { search?: string; archived: boolean; limit: number; offset: number },
): Promise<{ rows: DiscountCodeWithSales[]; total: number }> {
  let base = db.selectFrom('discount_codes as c').where('c.event_id', '=', eventId);
  base = query.archived ? base.where('c.archived_at', 'is not', null) : base.where('c.archived_at', 'is', null);
  if (query.search) base = base.where('c.code', 'like', `%${query.search.toUpperCase().replace(/[%_\\]/g, '\\$&')}%`);
  const ids = base.select('c.id');
  const [rows, count] = await Promise.all([
    withSales(db)
      .where('c.id', 'in', ids)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.code')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/** Every code of the event with its sales, for the CSV. */
export function allCodesOf(db: Executor, eventId: string): Promise<DiscountCodeWithSales[]> {
  return withSales(db).where('c.event_id', '=', eventId).orderBy('c.code').execute();
}

export function findCodeWithSales(db: Executor, codeId: string): Promise<DiscountCodeWithSales | undefined> {
  return withSales(db).where('c.id', '=', codeId).executeTakeFirst();
}

/** The event's code with this text (already normalised), archived or not. */
export function findCode(db: Executor, eventId: string, code: string): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('event_id', '=', eventId).where('code', '=', code).executeTakeFirst();
}

/** Inserts the codes, skipping any whose text the event has already; answers the ones written. */
export async function insertCodes(db: Executor, rows: NewDiscountCode[]): Promise<DiscountCodeRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('discount_codes')
    .values(rows)
    .onConflict((conflict) => conflict.constraint('discount_codes_event_code').doNothing())
    .returningAll()
    .execute();
}

/** Replaces a code's settings; its version moves on, so an order priced with the old settings is priced again. */
export async function updateCode(db: Executor, codeId: string, values: DiscountCodeValues): Promise<void> {
  await db
    .updateTable('discount_codes')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', codeId)
    .execute();
}

/** Deletes a code no order was ever placed with; false when one was (it can only be archived then). */
export async function deleteUnusedCode(db: Executor, codeId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('discount_codes')
    .where('id', '=', codeId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('orders').select('orders.id').whereRef('orders.discount_code_id', '=', 'discount_codes.id'))),
    )
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * Takes one use of the code for the order being placed, refused (`code_used_up`) past its total. Sent last in the
 * order's transaction (see placeOrder): the code's row is the hottest lock a sale with a popular code takes, so it is
 * held from here to the COMMIT only, and always after the ticket types' rows, as the trigger's release takes them.
 */
export function codeUseQuery(db: Db, codeId: string): CompiledQuery {
  return sql`with used as (update discount_codes set uses = uses + 1 where id = ${codeId} returning uses, max_uses)
    select case when max_uses is not null and uses > max_uses then admit_refuse('code_used_up', '') else true end
    from used`.compile(db);
}
