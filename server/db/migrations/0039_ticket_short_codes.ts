import { type Kysely, sql } from 'kysely';
import { newShortTicketCode } from '../../../src/contract/short-ticket-code.ts';

// Every ticket gets a short code a person can type at the door when its QR code will not scan (decision 052):
// unique within its event. Tickets issued before now get theirs here, an event at a time, drawn apart from each
// other before they are written, so the unique index built afterwards cannot refuse them. The index leads with the
// code: the door looks a code up within its event, an administrator's search across all events.
const chunk = 5000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tickets add column short_code text`.execute(db);
  const { rows: events } = await sql<{ event_id: string }>`select distinct event_id from tickets`.execute(db);
  for (const { event_id: eventId } of events) {
    const { rows: tickets } = await sql<{ id: string }>`select id from tickets where event_id = ${eventId}`.execute(db);
    const taken = new Set<string>();
    const codes = tickets.map(({ id }) => {
      let code = newShortTicketCode();
      while (taken.has(code)) code = newShortTicketCode();
      taken.add(code);
      return { id, code };
    });
    for (let start = 0; start < codes.length; start += chunk) {
      const part = JSON.stringify(codes.slice(start, start + chunk));
      await sql`update tickets t set short_code = v.code
        from json_to_recordset(${part}::json) as v(id uuid, code text) where t.id = v.id`.execute(db);
    }
  }
  await sql`alter table tickets alter column short_code set not null`.execute(db);
  await sql`create unique index tickets_short_code_key on tickets (short_code, event_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index tickets_short_code_key`.execute(db);
  await sql`alter table tickets drop column short_code`.execute(db);
}
