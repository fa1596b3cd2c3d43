import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentFeeRule } from '../../server/features/orders/checkout/fee-rules.repository.ts';
import type { AdminPermission } from '../../src/contract/admin.ts';
import { SIGN_IN_AGAIN } from '../../src/contract/admin-sales.ts';
import { orderAmounts } from '../../src/contract/booking-fee.ts';
import { scanDataTicketRows } from '../../src/contract/scan-data.ts';
import { post, signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { doorKit } from '../fixtures/door.ts';
import {
  eventOnSale,
  heldOrder,
  lineAddress,
  type OrderView,
  orderBody,
  paySandbox,
  unmatchedCapture,
} from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import type { BulkTicket } from '../fixtures/tickets.ts';

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;
const { door, tickets, verdict, scan, deviceId, allPages } = doorKit(() => api);

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, bearer: Bearer, payload?: object, headers: Bearer = {}) =>
  api.app.inject({ method, url: `/api${url}`, headers: { ...bearer, ...headers }, ...(payload ? { payload } : {}) });

/** A signed-in administrator whose one group grants `permissions`. */
async function adminWith(permissions: AdminPermission[]) {
  const account = await signedInAccount(api.app, db(), { firstName: 'Kit', lastName: 'Support' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  await db().deleteFrom('admin_group_members').where('user_id', '=', account.authId).execute();
  await groupInDb(db(), permissions, [account.authId]);
  return account;
}

let lines = 500;
async function paidOrder(quantity = 2): Promise<OrderView & { event: { id: string; title: string } }> {
  const sale = await eventOnSale(api.app, db());
  const typeId = (sale.types[0] as { id: string }).id;
  lines += 1;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]), {}, lineAddress(lines));
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  const read = await api.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.accessToken ?? ''}` });
  return { ...order, ...(read.json().data as OrderView), event: { id: sale.event.id, title: sale.event.title } };
}

const key = () => ({ 'idempotency-key': randomUUID() });

describe('admin orders', () => {
  it('are found by reference and email, read with payments.read, and refunded only with orders.refund', async () => {
    const order = await paidOrder();
    const agent = await adminWith(['payments.read']);
    const byRef = await call('GET', `/admin/orders?q=${order.reference.toLowerCase()}`, agent.bearer);
    expect(byRef.statusCode).toBe(200);
    expect(byRef.json().data.items.map((row: { id: string }) => row.id)).toEqual([order.id]);
    const row = await db().selectFrom('orders').select('buyer_email').where('id', '=', order.id).executeTakeFirstOrThrow();
    const byEmail = await call('GET', `/admin/orders?q=${encodeURIComponent(row.buyer_email.toUpperCase())}`, agent.bearer);
    expect(byEmail.json().data.items.map((item: { id: string }) => item.id)).toEqual([order.id]);
    const detail = await call('GET', `/admin/orders/${order.id}`, agent.bearer);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ reference: order.reference, status: 'paid' });
    expect(detail.json().data.mails.some((mail: { subject: string }) => mail.subject.includes(order.reference))).toBe(true);

    const refused = await call('POST', `/admin/orders/${order.id}/refunds`, agent.bearer, { reason: 'Asked to.' }, key());
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', `/admin/orders/${order.id}/resend-tickets`, agent.bearer)).statusCode).toBe(403);
    const nobody = await adminWith(['users.read']);
    expect((await call('GET', '/admin/orders', nobody.bearer)).statusCode).toBe(403);
    expect((await call('GET', `/admin/orders/${order.id}`, nobody.bearer)).statusCode).toBe(403);
  });

  it('filter by status, event and day, and export the filtered list as CSV safe from formulas', async () => {
    const order = await paidOrder();
    const admin = await adminWith(['payments.read']);
    const today = new Date().toISOString().slice(0, 10);
    const found = await call(
      'GET',
      `/admin/orders?status=paid&eventId=${order.event.id}&from=${today}&to=${today}`,
      admin.bearer,
    );
    expect(found.json().data.items.map((row: { id: string }) => row.id)).toEqual([order.id]);
    const none = await call('GET', `/admin/orders?status=refunded&eventId=${order.event.id}`, admin.bearer);
    expect(none.json().data.items).toEqual([]);
    await db().updateTable('orders').set({ buyer_name: '=HYPERLINK("x")' }).where('id', '=', order.id).execute();
    const csv = await call('GET', `/admin/orders.csv?eventId=${order.event.id}`, admin.bearer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(order.reference);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await call('GET', '/admin/orders?from=yesterday', admin.bearer)).statusCode).toBe(400);
  });

  it('sort oldest first in keyset pages that follow on, and refuse an unknown order', async () => {
    for (let index = 0; index < 3; index += 1) await paidOrder(1);
    const admin = await adminWith(['payments.read']);
    const times = (page: { items: { createdAt: string }[] }) => page.items.map((row) => row.createdAt);
    const first = (await call('GET', '/admin/orders?sort=oldest', admin.bearer)).json().data;
    expect(times(first)).toEqual([...times(first)].sort());
    const newest = (await call('GET', '/admin/orders', admin.bearer)).json().data;
    expect(times(newest)).toEqual([...times(newest)].sort().reverse());
    if (first.next) {
      const second = (await call('GET', `/admin/orders?sort=oldest&after=${first.next}`, admin.bearer)).json().data;
      expect(second.items[0].createdAt >= (times(first).at(-1) as string)).toBe(true);
    }
    expect((await call('GET', '/admin/orders?sort=sideways', admin.bearer)).statusCode).toBe(400);
  });

  it('refund part of an order with a reason: the money goes back, history and audit log say so', async () => {
    const order = await paidOrder(2);
    const admin = await adminWith(['orders.refund']);
    const ticketId = order.tickets[0]?.id as string;
    const noReason = await call('POST', `/admin/orders/${order.id}/refunds`, admin.bearer, { reason: '' }, key());
    expect(noReason.statusCode).toBe(400);
    const noKey = await call('POST', `/admin/orders/${order.id}/refunds`, admin.bearer, { reason: 'Double booked.' });
    expect(noKey.statusCode).toBe(400);
    const refunded = await call(
      'POST',
      `/admin/orders/${order.id}/refunds`,
      admin.bearer,
      { ticketIds: [ticketId], reason: 'Double booked by mistake.' },
      key(),
    );
    expect(refunded.statusCode).toBe(200);
    const data = refunded.json().data;
    expect(data.status).toBe('partially_refunded');
    expect(data.tickets.find((ticket: { id: string }) => ticket.id === ticketId).status).toBe('voided');
    expect(
      data.history.some(
        (entry: { kind: string; note: string }) =>
          entry.kind === 'refund.succeeded' && entry.note === 'Double booked by mistake.',
      ),
    ).toBe(true);
    const audit = data.audit.find((entry: { action: string }) => entry.action === 'order.refunded');
    expect(audit).toMatchObject({
      actorId: admin.authId,
      details: { reason: 'Double booked by mistake.', before: { status: 'paid' }, after: { status: 'partially_refunded' } },
    });
    const refundRows = await db().selectFrom('refunds').select(['status', 'actor_id']).where('order_id', '=', order.id).execute();
    expect(refundRows).toEqual([{ status: 'succeeded', actor_id: admin.authId }]);
  });

  it('refund with an internal reason the buyer never reads: the mail says Admit refunded, and quotes only a message written for the buyer', async () => {
    const order = await paidOrder(2);
    const admin = await adminWith(['orders.refund']);
    const refundMails = () =>
      db()
        .selectFrom('mail_outbox')
        .select(['text_body', 'html_body'])
        .where('subject', 'like', '%Refund for%')
        .where('text_body', 'like', `%${order.reference}%`)
        .orderBy('created_at')
        .execute();
    const [first, second] = order.tickets.map((ticket) => ticket.id);
    const silent = await call(
      'POST',
      `/admin/orders/${order.id}/refunds`,
      admin.bearer,
      { ticketIds: [first], reason: 'Suspected fraud; card flagged.' },
      key(),
    );
    expect(silent.statusCode).toBe(200);
    const withMessage = await call(
      'POST',
      `/admin/orders/${order.id}/refunds`,
      admin.bearer,
      { ticketIds: [second], reason: 'Chargeback risk.', messageToBuyer: 'Sorry for the trouble with your booking.' },
      key(),
    );
    expect(withMessage.statusCode).toBe(200);
    const [quiet, told] = await refundMails();
    for (const mail of [quiet, told]) {
      expect(mail?.text_body).toContain('Admit’s support team has refunded');
      expect(mail?.text_body).not.toContain('The organiser of');
      expect(`${mail?.text_body}${mail?.html_body}`).not.toMatch(/Suspected fraud|card flagged|Chargeback risk/);
    }
    expect(quiet?.text_body).not.toContain('A note from');
    expect(told?.text_body).toContain('A note from Admit’s support team: Sorry for the trouble with your booking.');
    // The reasons stay where administrators read them.
    const audit = withMessage.json().data.audit.map((entry: { details: { reason?: string } }) => entry.details.reason);
    expect(audit).toEqual(expect.arrayContaining(['Suspected fraud; card flagged.', 'Chargeback risk.']));
  });

  it('refund once when the same request is sent twice at the same moment (a double click)', async () => {
    const order = await paidOrder(2);
    const admin = await adminWith(['orders.refund']);
    const headers = key();
    const body = { reason: 'Event clash.' };
    const [a, b] = await Promise.all([
      call('POST', `/admin/orders/${order.id}/refunds`, admin.bearer, body, headers),
      call('POST', `/admin/orders/${order.id}/refunds`, admin.bearer, body, headers),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const refunds = await db().selectFrom('refunds').select(['amount']).where('order_id', '=', order.id).execute();
    expect(refunds).toHaveLength(1);
    const stored = await db()
      .selectFrom('orders')
      .select(['status', 'refunded', 'total'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('refunded');
    expect(stored.refunded).toBe(stored.total);
    // Two different requests for the whole order: the second finds nothing left to refund.
    const again = await call('POST', `/admin/orders/${order.id}/refunds`, admin.bearer, body, key());
    expect(again.statusCode).toBe(409);
  });

  it('resend the tickets by mail, recorded', async () => {
    const order = await paidOrder(1);
    const admin = await adminWith(['orders.refund']);
    const before = await db().selectFrom('mail_outbox').select('id').where('subject', 'like', `%${order.reference}%`).execute();
    const sent = await call('POST', `/admin/orders/${order.id}/resend-tickets`, admin.bearer);
    expect(sent.statusCode).toBe(200);
    const after = await db().selectFrom('mail_outbox').select('id').where('subject', 'like', `%${order.reference}%`).execute();
    expect(after.length).toBe(before.length + 1);
    expect(sent.json().data.audit.map((entry: { action: string }) => entry.action)).toContain('admin.order_tickets_resent');
  });
});

describe('sensitive admin actions', () => {
  it('need a sign-in within 15 minutes, kept across token refreshes, with a way to sign in again', async () => {
    const order = await paidOrder(1);
    const admin = await adminWith(['orders.refund', 'tickets.void', 'users.manage']);
    // The session began 20 minutes ago: a refreshed token carries that time, not the refresh's.
    await sql`update refresh_tokens set created_at = ${new Date(Date.now() - 20 * 60_000)} where user_id = ${admin.authId}`.execute(
      db(),
    );
    const refreshed = await post(api.app, '/auth/refreshToken', { refreshToken: admin.refreshToken, authId: admin.authId });
    expect(refreshed.statusCode).toBe(200);
    const stale = { authorization: `Bearer ${refreshed.json().data.accessToken}` };
    const refused = await call('POST', `/admin/orders/${order.id}/refunds`, stale, { reason: 'Asked to.' }, key());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'For this, sign in again: your last sign-in was more than 15 minutes ago.',
      errors: [{ path: 'auth', message: SIGN_IN_AGAIN }],
    });
    expect((await call('POST', `/admin/tickets/${order.tickets[0]?.id}/void`, stale, { reason: 'Stolen.' })).statusCode).toBe(
      403,
    );
    const person = await signedInAccount(api.app, db());
    expect((await call('POST', `/admin/users/${person.authId}/suspend`, stale, { reason: 'Spam.' })).statusCode).toBe(403);
    // Nothing changed; reading still works.
    expect((await db().selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()).length).toBe(0);
    expect((await call('GET', `/admin/orders/${order.id}`, stale)).statusCode).toBe(200);
    // Signing in again allows it.
    const again = await post(api.app, '/auth/signIn', { email: admin.account.email, password: admin.account.password });
    const fresh = { authorization: `Bearer ${again.json().data.accessToken}` };
    expect((await call('POST', `/admin/orders/${order.id}/refunds`, fresh, { reason: 'Asked to.' }, key())).statusCode).toBe(200);
  });
});

describe('admin tickets', () => {
  it('are found by code, reference and holder, with their check-ins across devices', async () => {
    const d = await door();
    const [ticket] = (await tickets(d, 1)) as [BulkTicket];
    const admin = await adminWith(['tickets.void']);
    const [phoneA, phoneB] = [deviceId(), deviceId()];
    await verdict(d, scan(ticket.code, phoneA));
    await verdict(d, scan(ticket.code, phoneB));
    for (const q of [ticket.code.toLowerCase(), ticket.reference, ticket.holderName.split(' ')[0] ?? '', ticket.id]) {
      const found = await call('GET', `/admin/tickets?q=${encodeURIComponent(q)}`, admin.bearer);
      expect(found.statusCode).toBe(200);
      expect(found.json().data.items.map((row: { id: string }) => row.id)).toContain(ticket.id);
    }
    // A reference may begin as a code does: it is still found as a reference.
    const codeLike = `AD${2 + Math.floor(Math.random() * 8)}K-${ticket.reference.slice(5)}`;
    await db().updateTable('orders').set({ reference: codeLike }).where('id', '=', ticket.orderId).execute();
    const byCodeLike = await call('GET', `/admin/tickets?q=${codeLike.toLowerCase()}`, admin.bearer);
    expect(byCodeLike.json().data.items.map((row: { id: string }) => row.id)).toEqual([ticket.id]);
    const unreadable = await call('GET', '/admin/tickets?q=AD1NOTACODE', admin.bearer);
    expect(unreadable.json().data.items).toEqual([]);
    const detail = await call('GET', `/admin/tickets/${ticket.id}`, admin.bearer);
    expect(detail.json().data.checkins.map((scan: { deviceId: string; result: string }) => [scan.deviceId, scan.result])).toEqual(
      [
        [phoneA, 'valid'],
        [phoneB, 'already_used'],
      ],
    );
    const agent = await adminWith(['payments.read']);
    expect((await call('GET', `/admin/tickets/${ticket.id}`, agent.bearer)).statusCode).toBe(403);
  });

  it('void: the door answers voided online at once, and the next scan data sync marks it voided', async () => {
    const d = await door();
    const [ticket, other] = (await tickets(d, 2)) as [BulkTicket, BulkTicket];
    const admin = await adminWith(['tickets.void']);
    const pages = await allPages(d, '');
    const syncedAt = pages.at(-1)?.syncedAt as string;
    await new Promise((done) => setTimeout(done, 20));
    expect((await call('POST', `/admin/tickets/${ticket.id}/void`, admin.bearer, { reason: ' ' })).statusCode).toBe(400);
    const voided = await call('POST', `/admin/tickets/${ticket.id}/void`, admin.bearer, { reason: 'Reported stolen.' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'voided' });
    expect(voided.json().data.audit[0]).toMatchObject({
      action: 'admin.ticket_voided',
      details: { reason: 'Reported stolen.', before: { status: 'valid' }, after: { status: 'voided' } },
    });
    expect((await verdict(d, scan(ticket.code, deviceId()))).result).toBe('voided');
    expect((await verdict(d, scan(other.code, deviceId()))).result).toBe('valid');
    const changes = (await allPages(d, `since=${encodeURIComponent(syncedAt)}`)).flatMap((page) => scanDataTicketRows(page));
    expect(changes.find((row) => row.id === ticket.id)?.status).toBe('voided');
    // The other ticket was scanned since, so it is in the changes too, still valid.
    expect(changes.find((row) => row.id === other.id)?.status).toBe('valid');
    expect((await call('POST', `/admin/tickets/${ticket.id}/void`, admin.bearer, { reason: 'Again.' })).statusCode).toBe(409);
  });

  it('void once when two voids arrive together: one answers 409, one audit entry', async () => {
    const d = await door();
    const [ticket] = (await tickets(d, 1)) as [BulkTicket];
    const admin = await adminWith(['tickets.void']);
    const [a, b] = await Promise.all([
      call('POST', `/admin/tickets/${ticket.id}/void`, admin.bearer, { reason: 'Duplicate sale.' }),
      call('POST', `/admin/tickets/${ticket.id}/void`, admin.bearer, { reason: 'Duplicate sale.' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const audit = await db().selectFrom('audit_log').select('id').where('subject_id', '=', ticket.id).execute();
    expect(audit).toHaveLength(1);
  });

  it('reissue to a corrected holder: the door shows the new name, the buyer gets the ticket again', async () => {
    const d = await door();
    const [ticket] = (await tickets(d, 1)) as [BulkTicket];
    const admin = await adminWith(['tickets.void']);
    const reissued = await call('POST', `/admin/tickets/${ticket.id}/reissue`, admin.bearer, {
      holderName: 'Grace B. Hopper',
      reason: 'Name misspelt.',
    });
    expect(reissued.statusCode).toBe(200);
    expect(reissued.json().data).toMatchObject({ holderName: 'Grace B. Hopper', status: 'valid' });
    const seen = await verdict(d, scan(ticket.code, deviceId()));
    expect(seen).toMatchObject({ result: 'valid', ticket: { holderName: 'Grace B. Hopper' } });
    expect(reissued.json().data.audit[0]).toMatchObject({
      action: 'admin.ticket_reissued',
      details: { before: { holderName: ticket.holderName }, after: { holderName: 'Grace B. Hopper' } },
    });
  });
});

describe('admin events', () => {
  it('list with sales, suspend with a reason the organiser receives, and block publishing until lifted', async () => {
    const order = await paidOrder(1);
    const admin = await adminWith(['events.moderate']);
    const list = await call('GET', `/admin/events?q=${encodeURIComponent(order.event.title)}`, admin.bearer);
    const row = list.json().data.items.find((item: { id: string }) => item.id === order.event.id);
    expect(row).toMatchObject({ status: 'published', ticketsSold: 1, featured: false });
    const suspended = await call('POST', `/admin/events/${order.event.id}/moderation`, admin.bearer, {
      action: 'suspend',
      reason: 'Reported as a scam.',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data).toMatchObject({ status: 'draft', suspensionReason: 'Reported as a scam.' });
    const event = await db()
      .selectFrom('events')
      .select('organization_id')
      .where('id', '=', order.event.id)
      .executeTakeFirstOrThrow();
    const owners = await db()
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.email')
      .where('m.organization_id', '=', event.organization_id)
      .where('m.role', '=', 'owner')
      .execute();
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['text_body'])
      .where('to_address', '=', owners[0]?.email as string)
      .where('subject', 'like', '%was suspended by Admit%')
      .executeTakeFirst();
    expect(mail?.text_body).toContain('Reason: Reported as a scam.');
    const publicView = await api.app.inject({ method: 'GET', url: `/api/events?q=${encodeURIComponent(order.event.title)}` });
    expect(publicView.json().data.items.some((item: { id: string }) => item.id === order.event.id)).toBe(false);
    const lifted = await call('POST', `/admin/events/${order.event.id}/moderation`, admin.bearer, {
      action: 'lift',
      reason: 'Checked: genuine.',
    });
    expect(lifted.json().data).toMatchObject({ status: 'draft', suspendedAt: null });
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', order.event.id)
      .where('action', 'like', 'admin.%')
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['admin.event_suspended', 'admin.event_suspension_lifted']);
  });

  it('feature a published event: it comes first in the home page’s list', async () => {
    const admin = await adminWith(['events.moderate']);
    const early = await eventOnSale(api.app, db());
    const late = await eventOnSale(api.app, db(), {
      startsAt: new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString(),
      endsAt: new Date(Date.now() + 301 * 24 * 3600 * 1000).toISOString(),
    });
    expect((await call('PUT', `/admin/events/${late.event.id}/featured`, admin.bearer, { featured: true })).statusCode).toBe(200);
    const home = await api.app.inject({ method: 'GET', url: '/api/events?pageSize=50' });
    const ids = home.json().data.items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(late.event.id)).toBeLessThan(ids.indexOf(early.event.id));
    expect(ids[0]).toBe(late.event.id);
    await call('PUT', `/admin/events/${late.event.id}/featured`, admin.bearer, { featured: false });
  });
});

describe('admin payments and booking fees', () => {
  it('list payments, refunds, webhook deliveries and platform fees with payments.read', async () => {
    const order = await paidOrder(1);
    const admin = await adminWith(['payments.read']);
    const payments = await call('GET', `/admin/payments?q=${order.reference}`, admin.bearer);
    expect(payments.json().data.items).toMatchObject([{ orderId: order.id, status: 'succeeded', provider: 'sandbox' }]);
    expect((await call('GET', '/admin/refunds?status=failed', admin.bearer)).statusCode).toBe(200);
    const hooks = await call('GET', '/admin/webhooks', admin.bearer);
    expect(hooks.json().data.items.some((hook: { orderId: string }) => hook.orderId === order.id)).toBe(true);
    expect((await call('GET', '/admin/platform-fees', admin.bearer)).statusCode).toBe(200);
    const other = await adminWith(['orders.refund']);
    expect((await call('GET', '/admin/payments', other.bearer)).statusCode).toBe(403);
  });

  it('list every organiser’s payouts, newest first, found by reference or organiser name, and as CSV', async () => {
    const admin = await adminWith(['payments.read']);
    const sale = await eventOnSale(api.app, db());
    const tag = randomUUID().slice(0, 8).toUpperCase();
    const references = [0, 1, 2].map((index) => `PO-${tag}-${index}`);
    await db()
      .insertInto('payouts')
      .values(
        references.map((reference, index) => ({
          organization_id: sale.organiser.organizationId,
          currency: 'GBP',
          amount: 10_000 + index,
          order_count: index + 1,
          provider: 'sandbox',
          reference,
          created_at: new Date(Date.now() - (3 - index) * 60_000),
        })),
      )
      .execute();
    const page = (await call('GET', '/admin/payouts?q=Dockside', admin.bearer)).json().data;
    const mine = page.items.filter((row: { reference: string }) => row.reference.includes(tag));
    expect(mine.map((row: { reference: string }) => row.reference)).toEqual([...references].reverse());
    expect(mine[0]).toMatchObject({
      organizationId: sale.organiser.organizationId,
      organizationName: 'Dockside Promotions',
      amount: 10_002,
      orders: 3,
      status: 'paid',
    });
    const one = (await call('GET', `/admin/payouts?q=${references[1]}`, admin.bearer)).json().data.items;
    expect(one.map((row: { reference: string }) => row.reference)).toEqual([references[1]]);
    const csv = await call('GET', `/admin/payouts.csv?q=${references[2]}`, admin.bearer);
    expect(csv.body.trimEnd().split('\r\n')).toEqual([
      'Reference,Organiser,Currency,Amount,Orders,Provider,Status,Paid out at',
      `${references[2]},Dockside Promotions,GBP,100.02,3,sandbox,paid,${mine[0].createdAt}`,
    ]);
    expect((await call('GET', '/admin/payouts', (await adminWith(['orders.refund'])).bearer)).statusCode).toBe(403);
  });

  it('apply a failed webhook delivery again with orders.refund, once however many retries race, and audit it', async () => {
    const admin = await adminWith(['payments.read', 'orders.refund']);
    const reader = await adminWith(['payments.read']);
    const sale = await eventOnSale(api.app, db());
    const typeId = (sale.types[0] as { id: string }).id;
    lines += 1;
    const order = await heldOrder(
      api.app,
      orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }]),
      {},
      lineAddress(lines),
    );
    const unmatched = await unmatchedCapture(api.app, db(), api.config.jwtSecret, order);
    expect(unmatched.outcome).toBe('unknown_payment');
    const failed = (await call('GET', '/admin/webhooks?failed=true', admin.bearer)).json().data.items as {
      id: string;
      providerEventId: string;
    }[];
    const delivery = failed.find((row) => row.providerEventId === unmatched.eventId);
    if (!delivery) throw new Error('the failed delivery is not listed');

    expect((await call('POST', `/admin/webhooks/${delivery.id}/retry`, reader.bearer)).statusCode).toBe(403);
    // Still no checkout to match: it stays failed (kept again, under a new id).
    const again = await call('POST', `/admin/webhooks/${delivery.id}/retry`, admin.bearer);
    expect(again.json().data).toEqual({ outcome: 'unknown_payment' });
    // The first try stays, marked retried: trying it again is refused.
    expect((await call('POST', `/admin/webhooks/${delivery.id}/retry`, admin.bearer)).statusCode).toBe(409);
    expect((await call('POST', `/admin/webhooks/${randomUUID()}/retry`, admin.bearer)).statusCode).toBe(404);
    const kept = await db()
      .selectFrom('payment_events')
      .select('id')
      .where('provider_event_id', '=', unmatched.eventId)
      .executeTakeFirstOrThrow();

    await unmatched.restore();
    const raced = await Promise.all([0, 1, 2].map(() => call('POST', `/admin/webhooks/${kept.id}/retry`, admin.bearer)));
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(raced.find((response) => response.statusCode === 200)?.json().data).toEqual({ outcome: 'paid' });
    expect(raced.find((response) => response.statusCode === 409)?.json().message).toBe(
      'That delivery is no longer failed: it has been applied again already.',
    );
    const paid = await db().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(paid.status).toBe('paid');
    expect(await db().selectFrom('tickets').select('id').where('order_id', '=', order.id).execute()).toHaveLength(2);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'admin.webhook_retried')
      .where('actor_id', '=', admin.authId)
      .orderBy('created_at')
      .execute();
    expect(audit.map((row) => row.details)).toEqual([{ outcome: 'unknown_payment' }, { outcome: 'paid' }]);
  });

  it('add a rule that starts later (never one in the past), and quote a sample order with the checkout’s function', async () => {
    const admin = await adminWith(['fees.manage']);
    const past = await call('POST', '/admin/booking-fees', admin.bearer, {
      percentBasisPoints: 100,
      fixed: 10,
      minPerTicket: null,
      capPerTicket: null,
      currency: null,
      effectiveFrom: new Date(Date.now() - 60_000).toISOString(),
      reason: 'Cheaper.',
    });
    expect(past.statusCode).toBe(400);
    const later = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const added = await call('POST', '/admin/booking-fees', admin.bearer, {
      percentBasisPoints: 420,
      fixed: 35,
      minPerTicket: null,
      capPerTicket: 500,
      currency: null,
      effectiveFrom: later,
      reason: 'New pricing.',
    });
    expect(added.statusCode).toBe(201);
    const rules = added.json().data.items as {
      id: string;
      current: boolean;
      percentBasisPoints: number;
      currency: string | null;
      organizationId: string | null;
    }[];
    const newRule = rules.find((rule) => rule.percentBasisPoints === 420);
    expect(newRule?.current).toBe(false);
    const inForce = rules.filter((rule) => rule.current);
    expect(new Set(inForce.map((rule) => `${rule.organizationId}|${rule.currency}`)).size).toBe(inForce.length);
    const lines = [
      { unitPrice: 2500, quantity: 2 },
      { unitPrice: 0, quantity: 1 },
    ];
    const quote = await call('POST', '/admin/booking-fees/quote', admin.bearer, { currency: 'GBP', lines });
    const expected = orderAmounts(await currentFeeRule(db(), 'GBP', null), lines);
    expect(quote.json().data).toMatchObject({ ...expected, organiserReceives: expected.subtotal });
    const future = await call('POST', '/admin/booking-fees/quote', admin.bearer, { currency: 'GBP', lines, ruleId: newRule?.id });
    expect(future.json().data).toMatchObject(
      orderAmounts({ percentBasisPoints: 420, fixed: 35, capPerTicket: 500, minPerTicket: null }, lines),
    );
    const other = await adminWith(['payments.read']);
    expect((await call('GET', '/admin/booking-fees', other.bearer)).statusCode).toBe(403);
  });

  it('give one organiser a fee plan of its own, listed on its own, quoted as its orders are, and audited', async () => {
    const admin = await adminWith(['fees.manage']);
    const sale = await eventOnSale(api.app, db());
    const organizationId = sale.organiser.organizationId;
    const later = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    const plan = {
      percentBasisPoints: 0,
      fixed: 25,
      minPerTicket: null,
      capPerTicket: null,
      currency: null,
      effectiveFrom: later,
    };

    const unknown = await call('POST', '/admin/booking-fees', admin.bearer, {
      ...plan,
      organizationId: randomUUID(),
      reason: 'Agreed rate.',
    });
    expect(unknown.statusCode).toBe(404);
    const added = await call('POST', '/admin/booking-fees', admin.bearer, { ...plan, organizationId, reason: 'Agreed rate.' });
    expect(added.statusCode).toBe(201);
    const own = (await call('GET', `/admin/booking-fees?organization=${organizationId}`, admin.bearer)).json().data.items;
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ organizationId, organizationName: 'Dockside Promotions', fixed: 25, current: false });
    const everything = (await call('GET', '/admin/booking-fees', admin.bearer)).json().data.items;
    expect(everything.map((rule: { id: string }) => rule.id)).toContain(own[0].id);
    expect((await call('GET', '/admin/booking-fees?organization=nobody', admin.bearer)).statusCode).toBe(400);

    // Once a plan is in force (the history is append-only, so one is written as started), the quote for this
    // organiser follows it and another organiser's follows the platform's.
    const started = await db()
      .insertInto('booking_fee_rules')
      .values({
        organization_id: organizationId,
        percent_basis_points: 0,
        fixed: 30,
        effective_from: new Date(Date.now() - 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = [{ unitPrice: 2000, quantity: 3 }];
    const quote = await call('POST', '/admin/booking-fees/quote', admin.bearer, { currency: 'GBP', lines, organizationId });
    expect(quote.json().data).toMatchObject({ ruleId: started.id, subtotal: 6000, bookingFee: 90, total: 6090 });
    const platform = await call('POST', '/admin/booking-fees/quote', admin.bearer, { currency: 'GBP', lines });
    expect(platform.json().data.ruleId).not.toBe(started.id);

    // Recorded in the organiser's own history.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'subject_type', 'details'])
      .where('subject_id', '=', organizationId)
      .where('action', '=', 'admin.fee_rule_added')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      subject_type: 'organization',
      details: { ruleId: own[0].id, reason: 'Agreed rate.', after: { organizationId, fixed: 25 } },
    });
    expect(await db().selectFrom('booking_fee_rules').select('id').where('fixed', '=', 25).execute()).toHaveLength(1);
  });
});
