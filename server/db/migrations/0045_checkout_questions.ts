import { type Kysely, sql } from 'kysely';

// Questions at checkout (issue 38, decision 064). `event_questions` holds what an organiser asks, once per order or
// once per ticket; `event_question_settings` until when buyers may correct their answers; `order_answers` each
// answer with the question as it was asked, so changing a question later leaves old answers readable. An answer to a
// ticket's question is keyed by the ticket's position in its order (null: the order's question), the position its
// ticket keeps when reissued. The questions domain is the only writer of the three.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table event_questions (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    label text not null check (char_length(label) between 1 and 200),
    help text not null default '',
    kind text not null check (kind in ('short_text', 'long_text', 'one_choice', 'many_choices', 'yes_no', 'number',
      'date', 'email', 'phone', 'country')),
    scope text not null check (scope in ('order', 'attendee')),
    required boolean not null default false,
    options text[] not null default '{}' check (cardinality(options) <= 50),
    ticket_type_ids uuid[] not null default '{}',
    show_at_door boolean not null default false,
    position integer not null default 0,
    archived_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // An event's live questions in the order buyers see them (checkout, the editor, reports).
  await sql`create index event_questions_event on event_questions (event_id, position) where archived_at is null`.execute(db);
  await sql`create index event_questions_event_all on event_questions (event_id, created_at)`.execute(db);

  await sql`create table event_question_settings (
    event_id uuid primary key references events(id) on delete cascade,
    answers_editable_until timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table order_answers (
    order_id uuid not null references orders(id) on delete cascade,
    question_id uuid not null references event_questions(id) on delete cascade,
    position integer check (position >= 0),
    question jsonb not null,
    value jsonb not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  // One answer per question and ticket (or per question, for the order's).
  await sql`create unique index order_answers_one on order_answers (order_id, question_id, coalesce(position, -1))`.execute(db);
  // Whether a question has answers (archive or delete), and its answers for reports and the door.
  await sql`create index order_answers_question on order_answers (question_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table order_answers`.execute(db);
  await sql`drop table event_question_settings`.execute(db);
  await sql`drop table event_questions`.execute(db);
}
