import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../server/db/migrations/0037_ticket_refunded_at.ts';
import * as shortCodes from '../../server/db/migrations/0039_ticket_short_codes.ts';
import * as holderEmails from '../../server/db/migrations/0046_attendee_messages.ts';
import * as holderVersions from '../../server/db/migrations/0050_ticket_transfers.ts';
import type { AdminPermission } from '../../src/contract/admin.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// An administrator's void moves no money ("refund the order for that"): the voided ticket's money must stay refundable,
// once, by an administrator or by the organiser.

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'GET' | 'POST', url: string, bearer: Bearer, payload?: object, headers: Bearer = {}) =>
  api.app.inject({ method, url: `/api${url}`, headers: { ...bearer, ...headers }, ...(payload ? { payload } : {}) });
const key = () => ({ 'idempotency-key': randomUUID() });

async function adminWith(permissions: AdminPermission[]) {
  const account = await signedInAccount(api.app, db(), { firstName: 'Val', lastName: 'Void' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  await db().deleteFrom('admin_group_members').where('user_id', '=', account.authId).execute();
  await groupInDb(db(), permissions, [account.authId]);
  return account;
}

let lines = 700;
/** A paid order of `quantity` tickets at £15.00 (87p booking fee each), its organiser and its ticket type. */
async function paidOrder(quantity = 2) {
  const sale = await eventOnSale(api.app, db());
  const typeId = (sale.types[0] as { id: string }).id;
  lines += 1;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]), {}, lineAddress(lines));
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  const read = await api.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.accessToken ?? ''}` });
  return { order: read.json().data as OrderView, organiser: sale.organiser, typeId };
}

const taken = async (typeId: string) =>
  (await db().selectFrom('ticket_types').select('taken').where('id', '=', typeId).executeTakeFirstOrThrow()).taken;
const refundRows = (orderId: string) =>
  db().selectFrom('refunds').select(['amount', 'ticket_ids']).where('order_id', '=', orderId).execute();

describe('a ticket voided by an administrator', () => {
  it('is still listed as refundable, and an administrator refunds it once: its money goes back, the rest stays', async () => {
    const { order, typeId } = await paidOrder(2);
    const [voided, kept] = order.tickets.map((ticket) => ticket.id) as [string, string];
    const admin = await adminWith(['orders.refund', 'tickets.void']);
    expect((await call('POST', `/admin/tickets/${voided}/void`, admin.bearer, { reason: 'Reported stolen.' })).statusCode).toBe(
      200,
    );
    const takenAfterVoid = await taken(typeId);

    const before = (await call('GET', `/admin/orders/${order.id}`, admin.bearer)).json().data;
    expect(before.status).toBe('paid');
    expect(before.refundableTicketIds).toEqual([voided, kept]);
    // Voided, its money kept: no refund time yet, on the order and in the ticket search.
    expect(before.tickets.map((ticket: { refundedAt: string | null }) => ticket.refundedAt)).toEqual([null, null]);

    const refunded = await call(
      'POST',
      `/admin/orders/${order.id}/refunds`,
      admin.bearer,
      { ticketIds: [voided], reason: 'Stolen ticket: money back.' },
      key(),
    );
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({
      status: 'partially_refunded',
      refunded: 1500 + 87,
      refundableTicketIds: [kept],
    });
    expect(await refundRows(order.id)).toEqual([{ amount: 1587, ticket_ids: [voided] }]);
    const after = refunded.json().data.tickets as Array<{ id: string; refundedAt: string | null }>;
    expect(after.find((ticket) => ticket.id === voided)?.refundedAt).toEqual(expect.any(String));
    expect(after.find((ticket) => ticket.id === kept)?.refundedAt).toBeNull();
    const found = (await call('GET', `/admin/tickets?q=${voided}`, admin.bearer)).json().data.items;
    expect(found).toMatchObject([{ id: voided, status: 'voided', refundedAt: expect.any(String) }]);
    // Its seat goes back on sale once, whoever voided it.
    expect(await taken(typeId)).toBe(takenAfterVoid - 1);

    // Refunded now: not a second time, under another key.
    const twice = await call(
      'POST',
      `/admin/orders/${order.id}/refunds`,
      admin.bearer,
      { ticketIds: [voided], reason: 'Again.' },
      key(),
    );
    expect(twice.statusCode).toBe(409);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await taken(typeId)).toBe(takenAfterVoid - 1);
  });

  it('is part of the whole order’s refund, and refunding only the valid tickets leaves the order partly refunded', async () => {
    const whole = await paidOrder(2);
    const admin = await adminWith(['orders.refund', 'tickets.void']);
    const [first] = whole.order.tickets.map((ticket) => ticket.id) as [string, string];
    await call('POST', `/admin/tickets/${first}/void`, admin.bearer, { reason: 'Duplicate.' });
    const all = await call(
      'POST',
      `/admin/orders/${whole.order.id}/refunds`,
      admin.bearer,
      { reason: 'Everything back.' },
      key(),
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ status: 'refunded', refunded: whole.order.total, refundableTicketIds: [] });

    const part = await paidOrder(2);
    const [gone, valid] = part.order.tickets.map((ticket) => ticket.id) as [string, string];
    await call('POST', `/admin/tickets/${gone}/void`, admin.bearer, { reason: 'Duplicate.' });
    const onlyValid = await call(
      'POST',
      `/admin/orders/${part.order.id}/refunds`,
      admin.bearer,
      { ticketIds: [valid], reason: 'The valid one.' },
      key(),
    );
    expect(onlyValid.statusCode).toBe(200);
    // The voided ticket's money is still held: the order is not wholly refunded.
    expect(onlyValid.json().data).toMatchObject({ status: 'partially_refunded', refunded: 1587, refundableTicketIds: [gone] });
  });

  it('is refunded once when two refunds of it arrive together under different keys', async () => {
    const { order, typeId } = await paidOrder(2);
    const [voided] = order.tickets.map((ticket) => ticket.id) as [string, string];
    const admin = await adminWith(['orders.refund', 'tickets.void']);
    await call('POST', `/admin/tickets/${voided}/void`, admin.bearer, { reason: 'Reported stolen.' });
    const takenAfterVoid = await taken(typeId);
    const body = { ticketIds: [voided], reason: 'Money back.' };
    const answers = await Promise.all([
      call('POST', `/admin/orders/${order.id}/refunds`, admin.bearer, body, key()),
      call('POST', `/admin/orders/${order.id}/refunds`, admin.bearer, body, key()),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await refundRows(order.id)).toHaveLength(1);
    const stored = await db().selectFrom('orders').select(['refunded']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(stored.refunded).toBe(1587);
    expect(await taken(typeId)).toBe(takenAfterVoid - 1);
  });

  it('is refundable by its organiser from the payments drawer, once', async () => {
    const { order, organiser } = await paidOrder(2);
    const [voided, kept] = order.tickets.map((ticket) => ticket.id) as [string, string];
    const admin = await adminWith(['tickets.void']);
    await call('POST', `/admin/tickets/${voided}/void`, admin.bearer, { reason: 'Reported stolen.' });

    const drawer = await call('GET', `/organizations/${organiser.organizationId}/orders/${order.id}`, organiser.bearer);
    expect(drawer.json().data.refundableTicketIds).toEqual([voided, kept]);
    const refunded = await call('POST', `/orders/${order.id}/refunds`, organiser.bearer, { ticketIds: [voided] }, key());
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({ status: 'partially_refunded', refunded: 1587, refundableTicketIds: [kept] });
    const twice = await call('POST', `/orders/${order.id}/refunds`, organiser.bearer, { ticketIds: [voided] }, key());
    expect(twice.statusCode).toBe(409);
  });
});

describe('tickets voided before refunds were told apart from voids', () => {
  it('count as refunded when a refund or a cancellation voided them, and as refundable when an administrator did', async () => {
    const { order, organiser } = await paidOrder(3);
    const [refunded, voided, valid] = order.tickets.map((ticket) => ticket.id) as [string, string, string];
    const admin = await adminWith(['orders.refund', 'tickets.void']);
    expect(
      (await call('POST', `/orders/${order.id}/refunds`, organiser.bearer, { ticketIds: [refunded] }, key())).statusCode,
    ).toBe(200);
    await call('POST', `/admin/tickets/${voided}/void`, admin.bearer, { reason: 'Reported stolen.' });

    // The database as it was before migration 0037, then migrated. The later migrations that add columns to
    // tickets go back and forth with it, so the table's columns come back in their order: statements prepared
    // before keep reading the rows they were planned for.
    await holderVersions.down(db() as never);
    await holderEmails.down(db() as never);
    await shortCodes.down(db() as never);
    await down(db() as never);
    await up(db() as never);
    await shortCodes.up(db() as never);
    await holderEmails.up(db() as never);
    await holderVersions.up(db() as never);

    const detail = (await call('GET', `/admin/orders/${order.id}`, admin.bearer)).json().data;
    expect(detail.refundableTicketIds).toEqual([voided, valid]);
    const again = await call(
      'POST',
      `/admin/orders/${order.id}/refunds`,
      admin.bearer,
      { ticketIds: [refunded], reason: 'Asked again.' },
      key(),
    );
    expect(again.statusCode).toBe(409);
  });
});
