import { type Kysely, sql } from 'kysely';
import { rewriteHelpAnswer } from './help-answer-rewrite.ts';

// Refund policies (issue 39, decision 067). An event's policy is one JSON value on the event, written by the events
// domain and checked by the contract's schema (`src/contract/refund-policy.ts`): `none`, `until_before_start` (a notice
// in hours or days, an optional fee) or `custom` (the organiser's plain text). Events made before have none (null) and
// say so. The help answer `refund-policy` is brought in line with what Admit does, unless the help desk rewrote it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column refund_policy jsonb check (
    refund_policy is null or (
      jsonb_typeof(refund_policy) = 'object'
      and refund_policy->>'kind' in ('none', 'until_before_start', 'custom')
      and (refund_policy->>'kind' <> 'custom' or char_length(refund_policy->>'text') between 1 and 1000)
    ))`.execute(db);
  await rewriteHelpAnswer(db, 'refund-policy', previousAnswer, refundAnswer);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewriteHelpAnswer(db, 'refund-policy', refundAnswer, previousAnswer);
  await sql`alter table events drop column refund_policy`.execute(db);
}

/** The answer as migration 0018 wrote it: it promised a policy that events could not yet have. */
const previousAnswer =
  "Every event is sold by its organiser, and **the organiser's refund policy decides** whether you can get your money back. It is shown on the event page and in your booking confirmation.\n\n- **The event is cancelled**: you are refunded automatically, in full, including the booking fee. You do not need to ask.\n- **The event moves date or venue**: the organiser must tell you, and you may ask for a refund if you cannot go.\n- **You cannot go**: ask the organiser, or raise a case here and we will pass it on. Organisers can refund a whole order or single tickets.\n\nA refunded ticket's QR code stops working at the door at once. Refunds go back to the card you paid with and usually arrive within **5 to 10 working days**.";

const refundAnswer =
  "Every event is sold by its organiser, and **the organiser's refund policy decides** whether you can get your money back. For each event the organiser chooses one of these:\n\n- **No refunds.**\n- **Refunds until a set time before the event starts**, sometimes minus a fee (a percentage or a fixed amount). The last moment to ask is shown in the event's own time zone.\n- **Their own policy**, in their words.\n\nThe policy is shown on the event page beside the tickets, in checkout beside the total before you pay, in your booking confirmation email and on your booking in your account. If an event says its organiser has not set a refund policy, ask them before you buy.\n\n- **You cannot go**: ask the organiser for a refund within their policy, or raise a case here and we will pass it on. Organisers can refund a whole order or single tickets. You cannot cancel a booking yourself in Admit yet.\n- **The event is cancelled**: you are refunded automatically, in full, including the booking fee. You do not need to ask.\n- **The event moves date or venue**: the organiser must tell you, and you may ask them for a refund if you cannot go.\n\nA refunded ticket's QR code stops working at the door at once. Refunds go back to the card you paid with and usually arrive within **5 to 10 working days**.";
