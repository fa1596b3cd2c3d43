import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/contract/money.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Tickets resent after a refund describe the order as it is now, as the order page does: the refunded ticket not as
// a valid ticket, and the money given back.

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (url: string, bearer: Bearer, payload?: object) =>
  api.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...bearer, 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });

async function administrator() {
  const account = await signedInAccount(api.app, db(), { firstName: 'Rhea', lastName: 'Send' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  return account;
}

const newestMail = (reference: string) =>
  db()
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body', 'attachments'])
    .where('subject', 'like', `%Your tickets for %(${reference})`)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

describe('resending an order’s tickets after part of it was refunded', () => {
  it('mails the valid tickets only, names the refunded one as no longer valid, and shows the refunded amount', async () => {
    const admin = await administrator();
    const sale = await eventOnSale(api.app, db());
    const typeId = (sale.types[0] as { id: string }).id;
    const placed = await heldOrder(
      api.app,
      orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }]),
      {},
      lineAddress(900),
    );
    expect((await paySandbox(api.app, placed)).statusCode).toBe(200);
    const read = await api.app.inject({ method: 'GET', url: `/api/orders/${placed.id}?token=${placed.accessToken ?? ''}` });
    const order = read.json().data as OrderView;
    const [refunded, kept] = order.tickets as [OrderView['tickets'][number], OrderView['tickets'][number]];
    await db().updateTable('tickets').set({ holder_name: 'Tim Refunded' }).where('id', '=', refunded.id).execute();
    await db().updateTable('tickets').set({ holder_name: 'Tom Kept' }).where('id', '=', kept.id).execute();
    const refund = await call(`/admin/orders/${order.id}/refunds`, admin.bearer, {
      ticketIds: [refunded.id],
      reason: 'Cannot come.',
    });
    expect(refund.statusCode).toBe(200);
    const back = formatMoney(refund.json().data.refunded, 'GBP');

    expect((await call(`/admin/orders/${order.id}/resend-tickets`, admin.bearer)).statusCode).toBe(200);
    const mail = await newestMail(order.reference);
    const ticketLines = mail.text_body.split('\n').filter((line) => /^Ticket \d/.test(line));
    expect(ticketLines).toEqual([expect.stringContaining('Tom Kept')]);
    expect(mail.text_body).toContain(`Refunded — ${back}`);
    expect(mail.text_body).toMatch(/No longer valid: .* — Tim Refunded/);
    expect(mail.html_body).toContain(`Refunded — ${back}`);
    expect(mail.html_body).toContain('Tim Refunded');
    // One QR code: the ticket that still admits its holder.
    expect(mail.attachments.filter((file) => file.qrCode).map((file) => file.qrCode)).toEqual([kept.code]);
  });
});
