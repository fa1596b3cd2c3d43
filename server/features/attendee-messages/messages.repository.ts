import { type Expression, type SqlBool, sql } from 'kysely';
import type {
  AttendeeAudience,
  AttendeeMessageStatus,
  DeliveryCounts,
  RecipientStatus,
} from '../../../src/contract/attendee-messages.ts';
import type { Executor } from '../../db/database.ts';
import { maxAttempts } from '../../lib/mail/mail-sender.ts';

// The attendee-messages domain is the only writer of `attendee_messages` and `attendee_message_recipients`
// (decision 066); it hands mail to the outbox through `enqueue`-style rows of its own.

/** The event a message is about, with what the mail says of it and who may write. */
export async function eventForMessages(db: Executor, eventId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('organizations as o', 'o.id', 'e.organization_id')
    .select([
      'e.id',
      'e.title',
      'e.starts_at',
      'e.timezone',
      'e.status',
      'e.organization_id',
      'o.name as organization_name',
      'o.contact_email',
      'o.kyc_status',
      'o.created_at as organization_created_at',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}

/**
 * The audience's tickets, one row per ticket: its address (the holder's own, else the buyer's, lower-cased) and the
 * name to greet. Valid tickets of paid orders only.
 */
function audienceTickets(db: Executor, eventId: string, audience: AttendeeAudience) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select([
      sql<string>`lower(coalesce(nullif(t.holder_email, ''), o.buyer_email))`.as('email'),
      sql<string>`case when nullif(t.holder_email, '') is null then o.buyer_name else t.holder_name end`.as('name'),
    ])
    .where('t.event_id', '=', eventId)
    .where('t.status', '=', 'valid')
    .where('o.status', '=', 'paid')
    .$if(audience.ticketTypeIds.length > 0, (q) => q.where('t.ticket_type_id', 'in', audience.ticketTypeIds))
    .$if(audience.checkIn !== 'any', (q) =>
      q.where(({ exists, not, selectFrom }) => {
        const admitted = exists(selectFrom('ticket_admissions as a').select('a.ticket_id').whereRef('a.ticket_id', '=', 't.id'));
        return audience.checkIn === 'checked_in' ? admitted : not(admitted);
      }),
    )
    .$if(audience.answer !== null, (q) =>
      q.where(({ exists, not, selectFrom }) => {
        const filter = audience.answer;
        if (!filter) return sql<SqlBool>`true`;
        const answered = exists(
          selectFrom('order_answers as a')
            .select('a.order_id')
            .whereRef('a.order_id', '=', 't.order_id')
            .where('a.question_id', '=', filter.questionId)
            .where((eb) => eb.or([eb('a.position', 'is', null), eb('a.position', '=', eb.ref('t.position'))]))
            .$if(filter.value !== undefined, (sub) => sub.where(sql<SqlBool>`a.value @> ${JSON.stringify(filter.value)}::jsonb`)),
        );
        return filter.given ? answered : not(answered);
      }),
    );
}

/** How many people (distinct addresses) and tickets an audience reaches now. */
export async function countAudience(db: Executor, eventId: string, audience: AttendeeAudience) {
  const row = await db
    .selectFrom(audienceTickets(db, eventId, audience).as('a'))
    .select([sql<string>`count(distinct a.email)`.as('people'), sql<string>`count(*)`.as('tickets')])
    .executeTakeFirstOrThrow();
  return { people: Number(row.people), tickets: Number(row.tickets) };
}

/** Writes the message's recipients, one per address, in one statement; answers how many. */
export async function insertRecipients(db: Executor, messageId: string, eventId: string, audience: AttendeeAudience) {
  const tickets = audienceTickets(db, eventId, audience);
  const result = await db
    .insertInto('attendee_message_recipients')
    .columns(['message_id', 'email', 'name'])
    .expression(
      db
        .selectFrom(tickets.as('a'))
        .select([sql<string>`${messageId}::uuid`.as('message_id'), 'a.email', sql<string>`min(a.name)`.as('name')])
        .groupBy('a.email'),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface NewMessage {
  event_id: string;
  organization_id: string;
  author_id: string;
  subject: string;
  body: string;
  audience: AttendeeAudience;
  reply_to: string | null;
  status: AttendeeMessageStatus;
  send_at: Date;
}

export async function insertMessage(db: Executor, message: NewMessage) {
  return db
    .insertInto('attendee_messages')
    .values({ ...message, audience: JSON.stringify(message.audience) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Messages an organisation queued since `since` (its rate): every one counts, sent, waiting or stopped. */
export async function messagesSince(db: Executor, organizationId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('attendee_messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Messages of the organisation an administrator approved: the trust that lets the next ones go without approval. */
export async function approvedMessages(db: Executor, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('attendee_messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('approved_at', 'is not', null)
    .where('status', '!=', 'stopped')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Serialises an organisation's new messages, so two at once cannot both slip under its rate. */
export async function lockOrganization(db: Executor, organizationId: string): Promise<void> {
  await db.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
}

const messageColumns = [
  'm.id',
  'm.event_id',
  'm.organization_id',
  'm.subject',
  'm.body',
  'm.audience',
  'm.reply_to',
  'm.status',
  'm.send_at',
  'm.recipient_count',
  'm.approved_at',
  'm.stopped_at',
  'm.started_at',
  'm.finished_at',
  'm.created_at',
] as const;

/** A message with its author's name and its delivery so far. */
function messagesWithDelivery(db: Executor) {
  return db
    .selectFrom('attendee_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select(messageColumns)
    .select(
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as('author_name'),
    )
    .select((eb) =>
      eb
        .selectFrom('attendee_message_recipients as r')
        .leftJoin('mail_outbox as mo', 'mo.id', 'r.mail_id')
        .select(
          sql<DeliveryCounts>`json_build_object(
            'waiting', count(*) filter (where mo.sent_at is null and mo.bounced_at is null and coalesce(mo.attempts, 0) < ${maxAttempts}),
            'sent', count(*) filter (where mo.sent_at is not null),
            'bounced', count(*) filter (where mo.bounced_at is not null),
            'failed', count(*) filter (where mo.sent_at is null and mo.bounced_at is null and mo.attempts >= ${maxAttempts}))`.as(
            'delivery',
          ),
        )
        .whereRef('r.message_id', '=', 'm.id')
        .as('delivery'),
    );
}
export type MessageRow = Awaited<ReturnType<typeof findMessage>> & {};

export async function findMessage(db: Executor, messageId: string) {
  return messagesWithDelivery(db).where('m.id', '=', messageId).executeTakeFirst();
}

export async function eventMessages(db: Executor, eventId: string) {
  return messagesWithDelivery(db).where('m.event_id', '=', eventId).orderBy('m.created_at', 'desc').limit(100).execute();
}

/** The administrator's list: the organisation's name and trust beside each message, newest first. */
export async function messagesForReview(db: Executor, status: AttendeeMessageStatus | undefined) {
  return messagesWithDelivery(db)
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['e.title as event_title', 'o.name as organization_name', 'o.kyc_status'])
    .$if(status !== undefined, (q) => q.where('m.status', '=', status as AttendeeMessageStatus))
    .orderBy(sql`m.status = 'awaiting_approval'`, 'desc')
    .orderBy('m.created_at', 'desc')
    .limit(200)
    .execute();
}

/** Locks a message for a change of status. */
export async function lockMessage(db: Executor, messageId: string) {
  return db
    .selectFrom('attendee_messages')
    .select(['id', 'event_id', 'organization_id', 'status', 'send_at', 'audience'])
    .where('id', '=', messageId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setMessage(
  db: Executor,
  messageId: string,
  values: Partial<{
    status: AttendeeMessageStatus;
    recipient_count: number;
    approved_at: Expression<Date>;
    approved_by: string;
    stopped_at: Expression<Date>;
    stopped_by: string;
    started_at: Expression<Date>;
    finished_at: Expression<Date>;
  }>,
): Promise<void> {
  await db.updateTable('attendee_messages').set(values).where('id', '=', messageId).execute();
}

/** Scheduled messages whose time has come (approved or needing none), locked for the instance that starts them. */
export async function dueToStart(db: Executor, limit: number) {
  return db
    .selectFrom('attendee_messages')
    .select(['id', 'event_id', 'audience'])
    .where('status', '=', 'scheduled')
    .where('send_at', '<=', sql<Date>`now()`)
    .orderBy('send_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** A message being sent, locked for the instance handing its next recipients to the outbox. */
export async function nextSending(db: Executor) {
  return db
    .selectFrom('attendee_messages as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select([
      'm.id',
      'm.subject',
      'm.body',
      'm.reply_to',
      'm.event_id',
      'm.handed_up_to',
      'e.title as event_title',
      'e.starts_at',
      'e.timezone',
      'o.name as organization_name',
    ])
    .where('m.status', '=', 'sending')
    .orderBy('m.started_at')
    .limit(1)
    .forUpdate(['m'])
    .skipLocked()
    .executeTakeFirst();
}

/** The next recipients not yet handed to the outbox: those after the last one handed over, in address order. */
export async function waitingRecipients(db: Executor, messageId: string, after: string | null, limit: number) {
  return db
    .selectFrom('attendee_message_recipients')
    .select(['email', 'name'])
    .where('message_id', '=', messageId)
    .$if(after !== null, (q) => q.where('email', '>', after as string))
    .orderBy('email')
    .limit(limit)
    .execute();
}

/** Records which outbox mail each recipient became, and how far the message has been handed over. */
export async function markQueued(db: Executor, messageId: string, mails: { email: string; mailId: string }[]): Promise<void> {
  const last = mails.at(-1);
  if (!last) return;
  await sql`update attendee_message_recipients r set mail_id = v.mail_id, queued_at = now()
    from (select unnest(${mails.map((m) => m.email)}::text[]) as email, unnest(${mails.map((m) => m.mailId)}::uuid[]) as mail_id) v
    where r.message_id = ${messageId} and r.email = v.email`.execute(db);
  await db.updateTable('attendee_messages').set({ handed_up_to: last.email }).where('id', '=', messageId).execute();
}

/** The outbox mail of a message that has not gone yet. */
export async function unsentMailIds(db: Executor, messageId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attendee_message_recipients as r')
    .innerJoin('mail_outbox as mo', 'mo.id', 'r.mail_id')
    .select('mo.id')
    .where('r.message_id', '=', messageId)
    .where('mo.sent_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

const recipientStatus = sql<RecipientStatus>`case
  when mo.sent_at is not null then 'sent'
  when mo.bounced_at is not null then 'bounced'
  when mo.attempts >= ${maxAttempts} then 'failed'
  else 'waiting' end`;

/** A page of a message's recipients, by address, with how their mail went. */
export async function recipientsPage(
  db: Executor,
  messageId: string,
  options: { status?: RecipientStatus; after?: string; limit: number },
) {
  return db
    .selectFrom('attendee_message_recipients as r')
    .leftJoin('mail_outbox as mo', 'mo.id', 'r.mail_id')
    .select(['r.email', 'r.name', 'mo.sent_at', 'mo.last_error', recipientStatus.as('status')])
    .where('r.message_id', '=', messageId)
    .$if(options.after !== undefined, (q) => q.where('r.email', '>', options.after as string))
    .$if(options.status !== undefined, (q) => q.where(recipientStatus, '=', options.status as RecipientStatus))
    .orderBy('r.email')
    .limit(options.limit + 1)
    .execute();
}
