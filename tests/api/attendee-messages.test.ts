import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handOverRecipients, startDueMessages } from '../../server/features/attendee-messages/message-sender.service.ts';
import { createMailSender } from '../../server/lib/mail/mail-sender.ts';
import type { AttendeeAudience } from '../../src/contract/attendee-messages.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { type Door, doorKit } from '../fixtures/door.ts';
import { heldOrder, lineAddress, newBuyer, orderBody, paySandbox } from '../fixtures/orders.ts';
import { startSmtpPeer } from '../fixtures/smtp-peer.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
const db = () => api.database.db;
const kit = doorKit(() => api);
const origin = 'http://localhost:3000';
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  api = await createTestApi();
  peer = await startSmtpPeer();
}, 60_000);
afterAll(async () => {
  await api.close();
  await peer.close();
});

const everyone: AttendeeAudience = { ticketTypeIds: [], checkIn: 'any', answer: null };
const messagesUrl = (eventId: string) => `/events/${eventId}/messages`;
const draft = (subject = 'Doors move to 20:00', audience: AttendeeAudience = everyone) => ({
  subject,
  body: 'Doors now open at **20:00**. <script>alert(1)</script>',
  audience,
});

/** An established organisation: verified and older than 30 days, so its messages need no approval. */
async function established(d: Door): Promise<void> {
  await sql`update organizations set created_at = now() - interval '60 days', contact_email = 'hello@dockside.example'
    where id = ${d.owner.organizationId}`.execute(db());
}

async function count(d: Door, audience: AttendeeAudience) {
  const response = await kit.call('POST', `${messagesUrl(d.eventId)}/audience`, d.owner.bearer, { audience });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { people: number; tickets: number };
}

async function send(d: Door, body: object = draft()) {
  return kit.call('POST', messagesUrl(d.eventId), d.owner.bearer, body);
}

/** Hands every recipient of the messages being sent to the outbox, then delivers the outbox to the SMTP peer. */
async function deliverAll(batch = 500): Promise<void> {
  await startDueMessages(db());
  while ((await handOverRecipients(db(), origin, batch)) > 0) {
    // the next batch
  }
  const sender = createMailSender({ db: db(), smtpUrl: peer.url, log: quietLog });
  while ((await sender.flush()) > 0) {
    // the next batch
  }
  await sender.stop();
}

/** The addresses a message's recipients have, from the database, computed here apart from the server's query. */
async function ticketsOf(eventId: string) {
  return db()
    .selectFrom('tickets as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select(['t.id', 't.ticket_type_id', 't.holder_email', 'o.buyer_email', 't.order_id'])
    .where('t.event_id', '=', eventId)
    .execute();
}
const addressOf = (ticket: { holder_email: string | null; buyer_email: string }) =>
  (ticket.holder_email || ticket.buyer_email).toLowerCase();

/** An administrator in one group with these permissions only. */
async function administrator(permissions: string[]) {
  const admin = await signedInAccount(api.app, db(), { firstName: 'Kit', lastName: 'Support' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', admin.authId).execute();
  await db().deleteFrom('admin_group_members').where('user_id', '=', admin.authId).execute();
  await groupInDb(db(), permissions, [admin.authId]);
  return admin;
}

describe('messages to attendees', () => {
  it('counts each filter’s audience, each person once', async () => {
    const d = await kit.door();
    await established(d);
    const sold = await kit.tickets(d, 30, { maxPerOrder: 3 });
    const device = kit.deviceId();
    await kit.prepared(d, device);
    const admitted = sold.slice(0, 4);
    for (const ticket of admitted) expect((await kit.verdict(d, kit.scan(ticket.code, device))).result).toBe('valid');

    const all = await ticketsOf(d.eventId);
    const people = (tickets: typeof all) => new Set(tickets.map(addressOf)).size;
    const admittedIds = new Set(admitted.map((t) => t.id));
    const firstType = d.typeIds[0] as string;

    expect(await count(d, everyone)).toEqual({ people: people(all), tickets: all.length });
    expect(await count(d, { ...everyone, ticketTypeIds: [firstType] })).toEqual({
      people: people(all.filter((t) => t.ticket_type_id === firstType)),
      tickets: all.filter((t) => t.ticket_type_id === firstType).length,
    });
    expect(await count(d, { ...everyone, checkIn: 'checked_in' })).toEqual({
      people: people(all.filter((t) => admittedIds.has(t.id))),
      tickets: 4,
    });
    expect(await count(d, { ...everyone, checkIn: 'not_checked_in' })).toEqual({
      people: people(all.filter((t) => !admittedIds.has(t.id))),
      tickets: all.length - 4,
    });
  });

  it('filters by an answer given or not', async () => {
    const d = await kit.door();
    await established(d);
    const question = await kit.call('POST', `/events/${d.eventId}/questions`, d.owner.bearer, {
      label: 'Dietary needs',
      kind: 'one_choice',
      scope: 'order',
      required: false,
      options: ['None', 'Vegan'],
    });
    expect(question.statusCode, question.body).toBe(201);
    const questionId = question.json().data.id as string;
    const type = d.typeIds[0] as string;
    const buy = async (line: number, quantity: number, answer: string | null) => {
      const order = await heldOrder(
        api.app,
        {
          ...orderBody(d.eventId, [{ ticketTypeId: type, quantity }], newBuyer(`Buyer ${line}`)),
          answers: answer ? [{ questionId, position: null, value: answer }] : [],
        },
        {},
        lineAddress(7000 + line),
      );
      expect((await paySandbox(api.app, order)).statusCode).toBe(200);
    };
    await buy(1, 2, 'Vegan');
    await buy(2, 1, 'None');
    await buy(3, 1, null);
    const answer = (given: boolean, value?: string) => ({
      ...everyone,
      answer: { questionId, given, ...(value ? { value } : {}) },
    });
    expect(await count(d, answer(true, 'Vegan'))).toEqual({ people: 1, tickets: 2 });
    expect(await count(d, answer(true))).toEqual({ people: 2, tickets: 3 });
    expect(await count(d, answer(false))).toEqual({ people: 1, tickets: 1 });
    expect(await count(d, answer(false, 'Vegan'))).toEqual({ people: 2, tickets: 2 });
  });

  it('mails the three holders of a 3-ticket order once each, from Admit with the organiser’s reply-to', async () => {
    const d = await kit.door();
    await established(d);
    const type = d.typeIds[0] as string;
    const holders = ['ana@holders.example', 'ben@holders.example', 'cy@holders.example'];
    const order = await heldOrder(
      api.app,
      {
        ...orderBody(d.eventId, [{ ticketTypeId: type, quantity: 3 }]),
        attendees: holders.map((email, index) => ({ ticketTypeId: type, name: `Holder ${index}`, email: email.toUpperCase() })),
      },
      {},
      lineAddress(7100),
    );
    expect((await paySandbox(api.app, order)).statusCode).toBe(200);

    const sent = await send(d);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ status: 'sending', recipientCount: 3 });
    const before = peer.received.length;
    await deliverAll();
    const mails = peer.received.slice(before).filter((mail) => mail.subject === 'Doors move to 20:00');
    expect(mails.map((mail) => mail.envelopeTo.join()).sort()).toEqual(holders);
    expect(mails[0]?.raw).toMatch(/Reply-To: hello@dockside\.example/i);
    const html = await db()
      .selectFrom('mail_outbox')
      .select('html_body')
      .where('to_address', '=', holders[0] as string)
      .executeTakeFirstOrThrow();
    expect(html.html_body).toContain('<strong>20:00</strong>');
    expect(html.html_body).toContain('&lt;script&gt;');
    expect(html.html_body).not.toContain('<script>');

    const messageId = sent.json().data.id as string;
    const page = await kit.call('GET', `${messagesUrl(d.eventId)}/${messageId}/recipients`, d.owner.bearer);
    expect(page.json().data.items.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual(
      holders.map((email) => [email, 'sent']),
    );
    const listed = await kit.call('GET', messagesUrl(d.eventId), d.owner.bearer);
    expect(listed.json().data.messages[0]).toMatchObject({
      status: 'sent',
      delivery: { sent: 3, waiting: 0, failed: 0, bounced: 0 },
    });
  });

  it('mails each of 5,000 people exactly once across a restart halfway and two instances at once', async () => {
    await deliverAll();
    const d = await kit.door();
    await established(d);
    await kit.tickets(d, 5000, { maxPerOrder: 1 });
    const expected = new Set((await ticketsOf(d.eventId)).map(addressOf));
    const sent = await send(d, draft('Venue change'));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.recipientCount).toBe(expected.size);

    // The first instance hands over half and delivers part of it, then stops as a restart would stop it.
    await handOverRecipients(db(), origin, 2500);
    const first = createMailSender({ db: db(), smtpUrl: peer.url, log: quietLog });
    for (let batch = 0; batch < 40; batch += 1) await first.flush();
    await first.stop();
    // Two instances come up and carry on at the same time.
    const handOver = async () => {
      while ((await handOverRecipients(db(), origin, 300)) > 0) {
        // the next batch
      }
    };
    await Promise.all([handOver(), handOver()]);
    const before = peer.received.filter((mail) => mail.subject === 'Venue change').length;
    expect(before).toBeGreaterThan(0);
    await deliverAll();

    const received = peer.received.filter((mail) => mail.subject === 'Venue change').map((mail) => mail.envelopeTo.join());
    expect(received.length).toBe(expected.size);
    expect(new Set(received)).toEqual(expected);
    const message = await db()
      .selectFrom('attendee_messages')
      .select(['status', 'finished_at'])
      .where('id', '=', sent.json().data.id)
      .executeTakeFirstOrThrow();
    expect(message.status).toBe('sent');
  }, 180_000);

  it('holds an unverified organisation’s message for an administrator, who approves or stops it', async () => {
    const d = await kit.door();
    await established(d);
    await db().updateTable('organizations').set({ kyc_status: 'pending' }).where('id', '=', d.owner.organizationId).execute();
    await kit.tickets(d, 5);
    const listed = await kit.call('GET', messagesUrl(d.eventId), d.owner.bearer);
    expect(listed.json().data.approval.required).toBe(true);

    const waiting = await send(d);
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json().data).toMatchObject({ status: 'awaiting_approval', recipientCount: null });
    await deliverAll();
    const recipients = () =>
      db()
        .selectFrom('attendee_message_recipients')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('message_id', '=', waiting.json().data.id)
        .executeTakeFirstOrThrow();
    expect(Number((await recipients()).n)).toBe(0);

    const admin = await administrator(['events.moderate']);
    const nobody = await administrator([]);
    const review = await kit.call('GET', '/admin/messages?status=awaiting_approval', admin.bearer);
    expect(review.statusCode, review.body).toBe(200);
    const item = review.json().data.items.find((m: { id: string }) => m.id === waiting.json().data.id);
    // The administrator sees whom it would reach before letting it go.
    expect(item).toMatchObject({ organizationVerified: false, body: draft().body, reachNow: { tickets: 5 } });
    const refused = await kit.call('POST', `/admin/messages/${waiting.json().data.id}/approval`, nobody.bearer);
    expect(refused.statusCode).toBe(403);

    const approved = await kit.call('POST', `/admin/messages/${waiting.json().data.id}/approval`, admin.bearer);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('sending');
    expect(Number((await recipients()).n)).toBeGreaterThan(0);
    const again = await kit.call('POST', `/admin/messages/${waiting.json().data.id}/approval`, admin.bearer);
    expect(again.statusCode).toBe(409);

    const second = await send(d, draft('Second'));
    const stopped = await kit.call('POST', `/admin/messages/${second.json().data.id}/stop`, admin.bearer);
    expect(stopped.json().data.status).toBe('stopped');
  });

  it('goes with its recipients when its event goes', async () => {
    const d = await kit.door();
    await established(d);
    await kit.tickets(d, 3);
    const sent = await send(d, draft('Gone with the event'));
    expect(sent.statusCode, sent.body).toBe(201);
    const recipients = () =>
      db().selectFrom('attendee_message_recipients').select('email').where('message_id', '=', sent.json().data.id).execute();
    expect((await recipients()).length).toBeGreaterThan(0);
    await db().deleteFrom('attendee_messages').where('event_id', '=', d.eventId).execute();
    expect(await recipients()).toEqual([]);
  });

  it('holds a new organisation’s first two messages even when verified', async () => {
    const d = await kit.door();
    await kit.tickets(d, 2);
    const first = await send(d);
    expect(first.json().data.status).toBe('awaiting_approval');
  });

  it('keeps an organisation to its rate, however many requests arrive at once', async () => {
    const d = await kit.door();
    await established(d);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => send(d, { ...draft(`Reminder ${index}`), sendAt: later })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json().message).toMatch(/5 an hour/);
    const listed = await kit.call('GET', messagesUrl(d.eventId), d.owner.bearer);
    expect(listed.json().data.allowance).toMatchObject({ leftThisHour: 0 });
    expect(listed.json().data.messages.every((m: { status: string }) => m.status === 'scheduled')).toBe(true);
  });

  it('refuses what it cannot send, with a clear message, and changes nothing', async () => {
    const d = await kit.door();
    await established(d);
    const stranger = await kit.door();
    const cases: [object, number, RegExp][] = [
      [{ ...draft(), subject: ' ' }, 400, /subject/i],
      [{ ...draft(), subject: 'Doors\r\nBcc: everyone@example.test' }, 400, /one line/],
      [{ ...draft(), audience: { ...everyone, ticketTypeIds: stranger.typeIds } }, 400, /ticket type of this event/],
      [{ ...draft(), sendAt: new Date(Date.now() - 3600_000).toISOString() }, 400, /from now/],
      [draft(), 409, /Nobody holds a ticket/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await send(d, body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.body).toMatch(message);
    }
    const stored = await db()
      .selectFrom('attendee_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', d.eventId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(0);
    // Another organisation does not learn the event exists; the event's own door staff may not write.
    const other = await kit.call('POST', messagesUrl(d.eventId), stranger.owner.bearer, draft());
    expect(other.statusCode).toBe(404);
    const door = await kit.call('GET', messagesUrl(d.eventId), d.door.bearer);
    expect(door.statusCode).toBe(403);
  });

  it('sends the writer a test copy, and stops a message with the mail not yet sent withdrawn', async () => {
    const d = await kit.door();
    await established(d);
    await kit.tickets(d, 40);
    const test = await kit.call('POST', `${messagesUrl(d.eventId)}/test`, d.owner.bearer, draft('Trial'));
    expect(test.statusCode, test.body).toBe(200);
    const mailed = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'to_address'])
      .where('to_address', '=', d.owner.account.email)
      .where('subject', 'like', '[Test]%')
      .execute();
    expect(mailed).toEqual([{ subject: '[Test] Trial', to_address: d.owner.account.email }]);

    const sent = await send(d, draft('To be stopped'));
    const messageId = sent.json().data.id as string;
    await handOverRecipients(db(), origin, 10);
    const stopped = await kit.call('POST', `${messagesUrl(d.eventId)}/${messageId}/stop`, d.owner.bearer);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await handOverRecipients(db(), origin, 100)).toBe(0);
    const queued = await sql<{ n: string }>`select count(*) as n from mail_outbox where subject = 'To be stopped'`.execute(db());
    expect(Number(queued.rows[0]?.n)).toBe(0);
    expect((await kit.call('POST', `${messagesUrl(d.eventId)}/${messageId}/stop`, d.owner.bearer)).statusCode).toBe(409);
  });
});
