import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export async function doorListEvent(db: Executor, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'organization_id', 'title', 'starts_at', 'timezone', 'venue_name', 'city'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/** The event's valid tickets of paid orders (TEST ones too: they are admitted), at most `limit`. */
export async function doorListTickets(db: Executor, eventId: string, limit: number) {
  const { rows } = await sql<{
    holder_name: string;
    buyer_name: string;
    type_name: string;
    short_code: string;
    reference: string;
    provider: string;
    checked_in: boolean;
    order_id: string;
    position: number;
  }>`
    select t.order_id, t.position, t.holder_name, o.buyer_name, tt.name as type_name, t.short_code, o.reference, o.provider,
      exists (select 1 from ticket_admissions a where a.ticket_id = t.id) as checked_in
    from tickets t
    join orders o on o.id = t.order_id
    join ticket_types tt on tt.id = t.ticket_type_id
    where t.event_id = ${eventId} and t.status = 'valid' and o.status in ('paid', 'partially_refunded')
    order by o.reference, t.position, t.id
    limit ${limit}`.execute(db);
  return rows;
}
