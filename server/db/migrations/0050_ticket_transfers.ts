import { type Kysely, sql } from 'kysely';
import { addHelpAnswer, removeHelpAnswer } from './help-answer-rewrite.ts';

// Holders pass tickets on and correct names where the organiser allows (issue 39, decision 069).
// - `events.transfer_cutoff_hours`: null while holders may not change tickets (the default for events made before);
//   else changes are open until this many hours before the start (0: until the start).
// - `tickets.holder_version`: bumped by every change of holder, so two changes made from the same view cannot both win.
// - `ticket_transfers`: who held a ticket before whom, written by the orders domain only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column transfer_cutoff_hours integer
    check (transfer_cutoff_hours is null or transfer_cutoff_hours between 0 and 720)`.execute(db);
  await sql`alter table tickets add column holder_version integer not null default 0`.execute(db);
  await sql`create table ticket_transfers (
    id uuid primary key default gen_random_uuid(),
    ticket_id uuid not null references tickets(id) on delete cascade,
    order_id uuid not null references orders(id) on delete cascade,
    event_id uuid not null references events(id) on delete cascade,
    kind text not null check (kind in ('transfer', 'rename')),
    from_name text not null,
    from_email text,
    to_name text not null,
    to_email text,
    by_user_id uuid references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ticket_transfers_order on ticket_transfers (order_id, created_at)`.execute(db);
  await addHelpAnswer(db, 'attendees', transferAnswer);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeHelpAnswer(db, transferAnswer.slug, transferAnswer.body);
  await sql`drop table ticket_transfers`.execute(db);
  await sql`alter table tickets drop column holder_version`.execute(db);
  await sql`alter table events drop column transfer_cutoff_hours`.execute(db);
}

const transferAnswer = {
  slug: 'pass-a-ticket-on',
  title: 'Can I give my ticket to someone else?',
  summary: 'Pass a ticket on, or correct the name on it, from your booking where the organiser allows.',
  body: "If you cannot use a ticket, you can give it to a friend, or correct the name printed on it, **where the event's organiser allows it**. The event page and checkout say whether they do, and until when.\n\n1. Open your booking: [My tickets](/account/bookings) when you are signed in, or **Manage this booking** in your confirmation email.\n2. Under **Passing a ticket on?**, choose **Pass on** beside the ticket and enter the new holder's name and email.\n3. They receive the ticket by email with a **new QR code and short code**. The ticket's old codes stop working at the door at once, so an old screenshot or printout no longer gets anyone in.\n\nTo fix a spelling, choose **Correct name** instead: the QR code stays the same.\n\n- Tickets that have been checked in, cancelled or refunded cannot be passed on, and a ticket can change holder at most five times.\n- The organiser may close changes some hours before the start, or lock them for an event.\n- **A transfer moves no money.** Admit does not handle resale, and selling a ticket above face value is not allowed (see the [Terms](/terms), section 8).",
};
