import { type Kysely, sql } from 'kysely';
import { rewriteHelpAnswer } from './help-answer-rewrite.ts';

// Buyers cancel within the refund policy and ask for refunds outside it (issue 39, decision 068).
// - `orders.refund_policy`: the event's policy as it stood when the order was placed, written by the orders domain;
//   what the buyer agreed to governs their cancellation, not a later change. Null for orders placed before.
// - `events.buyer_cancellation`: the organiser lets buyers cancel within the policy themselves (the default) or not.
// - `refund_requests`: a buyer's request outside the policy, decided by the organiser; written by the orders domain.
//   One open request per order at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column refund_policy jsonb`.execute(db);
  await sql`alter table events add column buyer_cancellation boolean not null default true`.execute(db);
  await sql`create table refund_requests (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders(id) on delete cascade,
    event_id uuid not null references events(id) on delete cascade,
    ticket_ids jsonb not null check (jsonb_typeof(ticket_ids) = 'array' and jsonb_array_length(ticket_ids) > 0),
    reason text not null check (char_length(reason) between 1 and 1000),
    status text not null default 'open' check (status in ('open', 'refunded', 'declined', 'closed')),
    decision_note text check (decision_note is null or char_length(decision_note) <= 1000),
    decided_by uuid references users(id) on delete set null,
    decided_at timestamptz,
    refunded_amount integer,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index refund_requests_one_open on refund_requests (order_id) where status = 'open'`.execute(db);
  await sql`create index refund_requests_event_open on refund_requests (event_id, created_at) where status = 'open'`.execute(db);
  await sql`create index refund_requests_order on refund_requests (order_id, created_at)`.execute(db);
  await rewriteHelpAnswer(db, 'refund-policy', previousAnswer, refundAnswer);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewriteHelpAnswer(db, 'refund-policy', refundAnswer, previousAnswer);
  await sql`drop table refund_requests`.execute(db);
  await sql`alter table events drop column buyer_cancellation`.execute(db);
  await sql`alter table orders drop column refund_policy`.execute(db);
}

/** The answer as migration 0047 wrote it, before buyers could cancel themselves. */
const previousAnswer =
  "Every event is sold by its organiser, and **the organiser's refund policy decides** whether you can get your money back. For each event the organiser chooses one of these:\n\n- **No refunds.**\n- **Refunds until a set time before the event starts**, sometimes minus a fee (a percentage or a fixed amount). The last moment to ask is shown in the event's own time zone.\n- **Their own policy**, in their words.\n\nThe policy is shown on the event page beside the tickets, in checkout beside the total before you pay, in your booking confirmation email and on your booking in your account. If an event says its organiser has not set a refund policy, ask them before you buy.\n\n- **You cannot go**: ask the organiser for a refund within their policy, or raise a case here and we will pass it on. Organisers can refund a whole order or single tickets. You cannot cancel a booking yourself in Admit yet.\n- **The event is cancelled**: you are refunded automatically, in full, including the booking fee. You do not need to ask.\n- **The event moves date or venue**: the organiser must tell you, and you may ask them for a refund if you cannot go.\n\nA refunded ticket's QR code stops working at the door at once. Refunds go back to the card you paid with and usually arrive within **5 to 10 working days**.";

const refundAnswer =
  "Every event is sold by its organiser, and **the organiser's refund policy decides** whether you can get your money back. For each event the organiser chooses one of these:\n\n- **No refunds.**\n- **Refunds until a set time before the event starts**, sometimes minus a fee (a percentage or a fixed amount). The last moment is shown in the event's own time zone.\n- **Their own policy**, in their words.\n\nThe policy is shown on the event page beside the tickets, in checkout beside the total before you pay, in your booking confirmation email and on your booking. Your booking keeps the policy as it was when you paid. If an event says its organiser has not set a refund policy, ask them before you buy.\n\n- **Cancel it yourself**: while the policy allows refunds, open your booking (in your account, or from the link in your confirmation email) and choose **Cancel tickets**. Cancel the whole order or single tickets; you see what comes back, minus any fee, before you confirm, and the refund starts at once. Free tickets can be cancelled until the event starts, so your place goes to someone else. Some organisers handle cancellations themselves: then the booking says so.\n- **Outside the policy**: choose **Ask for a refund** on your booking and tell the organiser why. They refund or decline it, and we email you their answer.\n- **The event is cancelled**: you are refunded automatically, in full, including the booking fee. You do not need to ask.\n- **The event moves date or venue**: the organiser must tell you, and you may ask them for a refund if you cannot go.\n\nA cancelled or refunded ticket's QR code stops working at the door at once. Checked-in tickets cannot be cancelled. Refunds go back to the card you paid with and usually arrive within **5 to 10 working days**.";
