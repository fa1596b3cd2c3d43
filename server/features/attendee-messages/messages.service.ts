import { sql } from 'kysely';
import {
  type AdminMessages,
  type AttendeeAudience,
  type AttendeeMessage,
  type AudienceCount,
  type EventMessages,
  type MessageDraft,
  type MessageRecipients,
  messageRate,
  type SendMessage,
} from '../../../src/contract/attendee-messages.ts';
import type { Db, Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { enqueueMail, withdrawUnsentMail } from '../../lib/mail/outbox.ts';
import { consumeRateLimit, type RateLimit } from '../../lib/rate-limiter.ts';
import { requirePermission } from '../organizations/organizations.service.ts';
import { findUserById } from '../users/users.service.ts';
import { attendeeMessageMail } from './message-mail.ts';
import {
  approvedMessages,
  countAudience,
  eventForMessages,
  eventMessages,
  findMessage,
  insertMessage,
  insertRecipients,
  lockMessage,
  lockOrganization,
  type MessageRow,
  messagesForReview,
  messagesSince,
  recipientsPage,
  setMessage,
  unsentMailIds,
} from './messages.repository.ts';

// Messages to attendees (decision 066): owners and managers (events.edit) write to the people holding tickets; a new
// or unverified organisation's messages wait for an administrator; every organisation has a rate.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const maxScheduleDays = 90;
/** Messages an organisation needs approved before the next ones go without an administrator. */
export const trustedAfterApproved = 2;
const testMailsPerHour: RateLimit = {
  name: 'attendee-message-test',
  limit: 10,
  windowSeconds: 3600,
  refusal: 'Too many test messages',
};

/** The messages, each with whom it reaches now if it has not started (a count per such message). */
async function withReach<T extends MessageRow>(db: Executor, rows: T[]): Promise<(T & { reach_now: AudienceCount | null })[]> {
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      reach_now:
        row.status === 'awaiting_approval' || row.status === 'scheduled'
          ? await countAudience(db, row.event_id, row.audience)
          : null,
    })),
  );
}

export function toMessage(row: MessageRow & { reach_now?: AudienceCount | null }): AttendeeMessage {
  return {
    id: row.id,
    eventId: row.event_id,
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    status: row.status,
    sendAt: new Date(row.send_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    authorName: row.author_name,
    recipientCount: row.recipient_count,
    reachNow: row.reach_now ?? null,
    delivery: row.delivery ?? { waiting: 0, sent: 0, bounced: 0, failed: 0 },
    approvedAt: iso(row.approved_at),
    stoppedAt: iso(row.stopped_at),
    finishedAt: iso(row.finished_at),
  };
}

async function eventForWriter(db: Executor, eventId: string, userId: string) {
  const event = await eventForMessages(db, eventId);
  if (!event) throw notFound('That event');
  await requirePermission(db, event.organization_id, userId, 'events.edit', 'That event');
  return event;
}

/** An organisation younger than this is new: its first messages wait for an administrator. */
export const newOrganizationDays = 30;

/** Why an organisation's next message waits for an administrator, or null when it does not (decision 066). */
async function approvalReason(
  db: Executor,
  organization: { organization_id: string; kyc_status: string; organization_created_at: Date | string },
): Promise<string | null> {
  if (organization.kyc_status !== 'verified') {
    return 'Your organisation is not verified yet, so an administrator reads each message before it goes.';
  }
  const isNew = Date.now() - new Date(organization.organization_created_at).getTime() < newOrganizationDays * 86_400_000;
  if (isNew && (await approvedMessages(db, organization.organization_id)) < trustedAfterApproved) {
    return `Your organisation is new, so an administrator reads its first ${trustedAfterApproved} messages before they go.`;
  }
  return null;
}

async function allowance(db: Executor, organizationId: string) {
  const now = Date.now();
  const lastHour = await messagesSince(db, organizationId, new Date(now - 3600_000));
  const lastDay = await messagesSince(db, organizationId, new Date(now - 86_400_000));
  return {
    perHour: messageRate.perHour,
    perDay: messageRate.perDay,
    leftThisHour: Math.max(0, messageRate.perHour - lastHour),
    leftToday: Math.max(0, messageRate.perDay - lastDay),
  };
}

/** The audience's ticket types and question must be the event's own. */
async function checkAudience(db: Executor, eventId: string, audience: AttendeeAudience): Promise<void> {
  if (audience.ticketTypeIds.length > 0) {
    const types = await db
      .selectFrom('ticket_types')
      .select('id')
      .where('event_id', '=', eventId)
      .where('id', 'in', audience.ticketTypeIds)
      .execute();
    if (types.length !== new Set(audience.ticketTypeIds).size) {
      const message = 'Not a ticket type of this event.';
      throw new HttpError('BAD_REQUEST', message, [{ path: 'body.audience.ticketTypeIds', message }]);
    }
  }
  if (audience.answer) {
    const question = await db
      .selectFrom('event_questions')
      .select('id')
      .where('event_id', '=', eventId)
      .where('id', '=', audience.answer.questionId)
      .executeTakeFirst();
    if (!question) {
      const message = 'Not a question of this event.';
      throw new HttpError('BAD_REQUEST', message, [{ path: 'body.audience.answer.questionId', message }]);
    }
  }
}

export async function listMessages(db: Db, userId: string, eventId: string): Promise<EventMessages> {
  const event = await eventForWriter(db, eventId, userId);
  const [rows, left, reason] = await Promise.all([
    eventMessages(db, eventId),
    allowance(db, event.organization_id),
    approvalReason(db, event),
  ]);
  return {
    messages: (await withReach(db, rows)).map(toMessage),
    allowance: left,
    approval: { required: reason !== null, reason },
    replyTo: event.contact_email,
  };
}

export async function audienceCount(db: Db, userId: string, eventId: string, audience: AttendeeAudience): Promise<AudienceCount> {
  await eventForWriter(db, eventId, userId);
  await checkAudience(db, eventId, audience);
  return countAudience(db, eventId, audience);
}

/**
 * Resolves a message's audience into its recipients, one per address, and marks it sending (or sent, when it reaches
 * nobody). One statement however many people: the sender hands them to the outbox at its own pace.
 */
export async function startSending(db: Executor, message: { id: string; event_id: string; audience: AttendeeAudience }) {
  const count = await insertRecipients(db, message.id, message.event_id, message.audience);
  await setMessage(db, message.id, {
    status: count > 0 ? 'sending' : 'sent',
    recipient_count: count,
    started_at: sql<Date>`now()`,
    ...(count > 0 ? {} : { finished_at: sql<Date>`now()` }),
  });
  return count;
}

export async function sendMessage(db: Db, userId: string, eventId: string, input: SendMessage): Promise<AttendeeMessage> {
  const sendAt = input.sendAt ? new Date(input.sendAt) : null;
  if (sendAt && (sendAt.getTime() < Date.now() - 60_000 || sendAt.getTime() > Date.now() + maxScheduleDays * 86_400_000)) {
    const message = `Pick a time from now to ${maxScheduleDays} days ahead.`;
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.sendAt', message }]);
  }
  const id = await db.transaction().execute(async (trx) => {
    const event = await eventForWriter(trx, eventId, userId);
    await checkAudience(trx, eventId, input.audience);
    // An organisation's messages are counted one at a time: a script sending many at once meets the same rate.
    await lockOrganization(trx, event.organization_id);
    const left = await allowance(trx, event.organization_id);
    if (left.leftThisHour === 0 || left.leftToday === 0) {
      const per = left.leftThisHour === 0 ? `${messageRate.perHour} an hour` : `${messageRate.perDay} a day`;
      throw new HttpError('TOO_MANY_REQUESTS', `Your organisation can send ${per} to its attendees. Please try again later.`);
    }
    const sendNow = sendAt === null || sendAt.getTime() <= Date.now();
    const nobody = () =>
      new HttpError('CONFLICT', 'Nobody holds a ticket that matches this audience yet, so there is nobody to send it to.');
    const reason = await approvalReason(trx, event);
    // A message that starts now finds its recipients as it starts (one statement, below); one that waits is counted.
    if (sendNow && reason && (await countAudience(trx, eventId, input.audience)).people === 0) throw nobody();
    const row = await insertMessage(trx, {
      event_id: eventId,
      organization_id: event.organization_id,
      author_id: userId,
      subject: input.subject,
      body: input.body,
      audience: input.audience,
      reply_to: event.contact_email,
      status: reason ? 'awaiting_approval' : 'scheduled',
      send_at: sendAt ?? new Date(),
    });
    if (!reason && sendNow && (await startSending(trx, { id: row.id, event_id: eventId, audience: input.audience })) === 0) {
      throw nobody();
    }
    await recordAudit(trx, {
      actorId: userId,
      action: 'attendee_message.queued',
      subjectType: 'attendee_message',
      subjectId: row.id,
      details: { eventId, awaitingApproval: reason !== null, sendAt: (sendAt ?? new Date()).toISOString() },
    });
    return row.id;
  });
  return messageOrThrow(db, id);
}

async function messageOrThrow(db: Executor, messageId: string): Promise<AttendeeMessage> {
  const row = await findMessage(db, messageId);
  if (!row) throw notFound('That message');
  const [withCount] = await withReach(db, [row]);
  return toMessage(withCount ?? row);
}

/** The message to the writer alone, marked as a test, now. */
export async function sendTestMessage(db: Db, userId: string, eventId: string, draft: MessageDraft, origin: string) {
  const event = await eventForWriter(db, eventId, userId);
  await consumeRateLimit(db, testMailsPerHour, userId);
  const user = await findUserById(db, userId);
  if (!user) throw notFound('Your account');
  const mail = attendeeMessageMail(
    {
      subject: draft.subject,
      body: draft.body,
      replyTo: event.contact_email,
      organizationName: event.organization_name,
      event: { id: event.id, title: event.title, startsAt: event.starts_at, timezone: event.timezone },
    },
    user.email,
    user.first_name,
    origin,
    true,
  );
  await enqueueMail(db, mail);
  return { to: user.email };
}

/** A message of the event, for its writers. */
async function messageOfEvent(db: Executor, userId: string, eventId: string, messageId: string) {
  await eventForWriter(db, eventId, userId);
  const message = await lockMessage(db, messageId);
  if (!message || message.event_id !== eventId) throw notFound('That message');
  return message;
}

/** Stops a message that has not finished: nobody else gets it; mail already handed over and not yet sent is withdrawn. */
async function stop(db: Executor, message: { id: string; status: string }, actorId: string, action: string) {
  if (message.status === 'sent' || message.status === 'stopped') {
    throw new HttpError(
      'CONFLICT',
      message.status === 'sent' ? 'This message has been sent to everyone already.' : 'This message was stopped already.',
    );
  }
  await setMessage(db, message.id, { status: 'stopped', stopped_at: sql<Date>`now()`, stopped_by: actorId });
  const withdrawn = await withdrawUnsentMail(db, await unsentMailIds(db, message.id));
  await recordAudit(db, { actorId, action, subjectType: 'attendee_message', subjectId: message.id, details: { withdrawn } });
}

export async function stopMessage(db: Db, userId: string, eventId: string, messageId: string): Promise<AttendeeMessage> {
  await db.transaction().execute(async (trx) => {
    const message = await messageOfEvent(trx, userId, eventId, messageId);
    await stop(trx, message, userId, 'attendee_message.stopped');
  });
  return messageOrThrow(db, messageId);
}

export async function messageRecipients(
  db: Db,
  userId: string,
  eventId: string,
  messageId: string,
  query: { status?: MessageRecipients['items'][number]['status']; after?: string; limit: number },
): Promise<MessageRecipients> {
  await eventForWriter(db, eventId, userId);
  const message = await findMessage(db, messageId);
  if (!message || message.event_id !== eventId) throw notFound('That message');
  const rows = await recipientsPage(db, messageId, query);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      email: row.email,
      name: row.name,
      status: row.status,
      sentAt: iso(row.sent_at),
      error: row.status === 'sent' ? null : row.last_error,
    })),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.email ?? null) : null,
  };
}

/** Messages for an administrator to review: those waiting first, with their organisation's name and trust. */
export async function messagesToReview(db: Db, status: AttendeeMessage['status'] | undefined): Promise<AdminMessages> {
  const rows = await withReach(db, await messagesForReview(db, status));
  return {
    items: rows.map((row) => ({
      ...toMessage(row),
      eventTitle: row.event_title,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      organizationVerified: row.kyc_status === 'verified',
    })),
  };
}

/** An administrator lets a waiting message go: at its time, or now if that has passed. */
export async function approveMessage(db: Db, adminId: string, messageId: string): Promise<AttendeeMessage> {
  await db.transaction().execute(async (trx) => {
    const message = await lockMessage(trx, messageId);
    if (!message) throw notFound('That message');
    if (message.status !== 'awaiting_approval') throw new HttpError('CONFLICT', 'This message is not waiting for approval.');
    await setMessage(trx, messageId, { status: 'scheduled', approved_at: sql<Date>`now()`, approved_by: adminId });
    if (new Date(message.send_at).getTime() <= Date.now()) await startSending(trx, message);
    await recordAudit(trx, {
      actorId: adminId,
      action: 'attendee_message.approved',
      subjectType: 'attendee_message',
      subjectId: messageId,
    });
  });
  return messageOrThrow(db, messageId);
}

/** An administrator stops any message that has not finished (a refused one is one stopped before it went). */
export async function stopMessageAsAdmin(db: Db, adminId: string, messageId: string): Promise<AttendeeMessage> {
  await db.transaction().execute(async (trx) => {
    const message = await lockMessage(trx, messageId);
    if (!message) throw notFound('That message');
    await stop(trx, message, adminId, 'attendee_message.stopped_by_admin');
  });
  return messageOrThrow(db, messageId);
}
