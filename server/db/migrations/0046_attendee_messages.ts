import { type Kysely, sql } from 'kysely';

// Messages to attendees (issue 38, decision 066). A ticket may carry its holder's own address (`holder_email`, from
// checkout's `holder_emails` per order line), so a message reaches every holder, not only the buyer.
// `attendee_messages` holds what an organiser writes and to whom (an audience filter, resolved when the message
// starts sending); `attendee_message_recipients` one row per person (lower-cased address) and message, which names
// the outbox mail it became: a person is mailed once, and a restart never mails anyone twice. The outbox gains a
// reply-to (the organiser's address) and when a server refused an address for good (`bounced_at`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_items add column holder_emails jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table tickets add column holder_email text check (holder_email is null or char_length(holder_email) <= 254)`.execute(
    db,
  );
  await sql`alter table mail_outbox add column reply_to text`.execute(db);
  await sql`alter table mail_outbox add column bounced_at timestamptz`.execute(db);

  await sql`create table attendee_messages (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    organization_id uuid not null references organizations(id) on delete cascade,
    author_id uuid references users(id) on delete set null,
    subject text not null check (char_length(subject) between 1 and 150),
    body text not null check (char_length(body) between 1 and 20000),
    audience jsonb not null,
    reply_to text,
    status text not null check (status in ('awaiting_approval', 'scheduled', 'sending', 'sent', 'stopped')),
    send_at timestamptz not null default now(),
    recipient_count integer,
    approved_at timestamptz,
    approved_by uuid references users(id) on delete set null,
    stopped_at timestamptz,
    stopped_by uuid references users(id) on delete set null,
    started_at timestamptz,
    finished_at timestamptz,
    -- The last address handed to the outbox: recipients go in address order, so the next batch starts after it.
    handed_up_to text,
    created_at timestamptz not null default now()
  )`.execute(db);
  // An event's messages, newest first; the organisation's recent ones (its rate); the ones due to start or send.
  await sql`create index attendee_messages_event on attendee_messages (event_id, created_at desc)`.execute(db);
  await sql`create index attendee_messages_organization on attendee_messages (organization_id, created_at desc)`.execute(db);
  await sql`create index attendee_messages_due on attendee_messages (status, send_at) where status in ('scheduled', 'sending')`.execute(
    db,
  );

  // Written 50,000 at a time in one statement: without a foreign key to the message, whose check would cost each row
  // a lookup (twice the statement's time, measured), and removed with their message by the trigger below.
  await sql`create table attendee_message_recipients (
    message_id uuid not null,
    email text not null,
    name text not null default '',
    mail_id uuid references mail_outbox(id) on delete set null,
    queued_at timestamptz,
    primary key (message_id, email)
  )`.execute(db);
  await sql`create function attendee_message_gone() returns trigger language plpgsql as $$
    begin
      delete from attendee_message_recipients where message_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`create trigger attendee_message_gone after delete on attendee_messages
    for each row execute function attendee_message_gone()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table attendee_message_recipients`.execute(db);
  await sql`drop table attendee_messages`.execute(db);
  await sql`drop function attendee_message_gone()`.execute(db);
  await sql`alter table mail_outbox drop column bounced_at`.execute(db);
  await sql`alter table mail_outbox drop column reply_to`.execute(db);
  await sql`alter table tickets drop column holder_email`.execute(db);
  await sql`alter table order_items drop column holder_emails`.execute(db);
}
