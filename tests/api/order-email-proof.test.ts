import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signedInAccount } from '../fixtures/accounts.ts';
import {
  eventOnSale,
  heldOrder,
  lapseHold,
  lineAddress,
  newBuyer,
  type OrderView,
  orderBody,
  paySandbox,
  placeOrder,
  readOrder,
  soldAndHeld,
} from '../fixtures/orders.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
type HeldFree = OrderView & { awaitingEmailCode: boolean };

/** A free event on sale and its one ticket type. */
async function freeSale() {
  const { event, types } = await eventOnSale(api.app, db(), {
    ticketTypes: [{ name: 'Community', price: 0, currency: 'GBP', capacity: 50 }],
  });
  return { eventId: event.id as string, typeId: (types[0] as { id: string }).id, title: event.title as string };
}

/** Each request from its own line, so the network's limits (order-network-limits.test.ts) stay out of the way. */
let lines = 0;
const ownLine = () => {
  lines += 1;
  return lineAddress(lines);
};

const confirm = (order: OrderView, code: string, options: { remoteAddress?: string; token?: string } = {}) =>
  api.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/confirm-email?token=${options.token ?? order.accessToken}`,
    payload: { code },
    remoteAddress: options.remoteAddress ?? ownLine(),
  });
const sendCode = (order: OrderView) =>
  api.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/send-code?token=${order.accessToken}`,
    remoteAddress: ownLine(),
  });

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('created_at').execute();
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const statusOf = async (orderId: string) =>
  (await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

/** A guest's free order of `quantity` tickets, held for its code. */
async function guestOrder(quantity = 1, buyer = newBuyer('Grace Hopper')) {
  const sale = await freeSale();
  const response = await placeOrder(api.app, orderBody(sale.eventId, [{ ticketTypeId: sale.typeId, quantity }], buyer), {
    remoteAddress: ownLine(),
  });
  expect(response.statusCode).toBe(201);
  return { ...sale, buyer, order: response.json().data as HeldFree };
}

describe('a free order from a guest', () => {
  it('is held, not issued, and its only mail carries a code and no word the buyer chose', async () => {
    const sale = await freeSale();
    const buyer = { name: 'Win a prize at evil.example', email: `victim.${randomUUID()}@example.test` };
    const response = await placeOrder(
      api.app,
      {
        ...orderBody(sale.eventId, [{ ticketTypeId: sale.typeId, quantity: 2 }], buyer),
        attendees: [{ ticketTypeId: sale.typeId, name: 'Call 020 7946 0000 now' }],
      },
      { remoteAddress: ownLine() },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Check your email — enter the code we sent to get your tickets.');
    const held = response.json().data as HeldFree;
    expect(held).toMatchObject({ status: 'pending', awaitingEmailCode: true, paymentUrl: null, tickets: [], total: 0 });
    expect(held.holdExpiresAt).toEqual(expect.any(String));
    expect(await soldAndHeld(db(), sale.typeId)).toMatchObject({ held: 2, sold: 0 });

    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    const everything = `${mail.subject}\n${mail.text_body}\n${mail.html_body}\n${JSON.stringify(mail.attachments)}`;
    for (const chosen of ['prize', 'evil', 'Call', '7946']) expect(everything).not.toContain(chosen);
    expect(mail.subject).toBe(`Your code for free tickets to ${sale.title}`);
    expect(mail.text_body).toMatch(/^\d{6}$/m);
    expect(mail.text_body).toContain('Dockside Promotions');
    expect(mail.text_body).toContain(`/payment/order-success?orderId=${held.id}&token=${held.accessToken}`);
    expect(mail.attachments).toEqual([]);
  });

  it('gets its tickets, named as asked and mailed as usual, when the code is entered', async () => {
    const { order, buyer, typeId } = await guestOrder(2, newBuyer('Ada Byron'));
    const confirmed = await confirm(order, await latestCode(db(), buyer.email));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Your tickets are booked.');
    const paid = confirmed.json().data as HeldFree;
    expect(paid).toMatchObject({ status: 'paid', awaitingEmailCode: false, holdExpiresAt: null });
    expect(paid.tickets.map((ticket) => [ticket.holderName, ticket.status])).toEqual([
      ['Ada Byron', 'valid'],
      ['Ada Byron', 'valid'],
    ]);
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ held: 0, sold: 2 });
    const mails = await mailsTo(buyer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your code/),
      expect.stringMatching(/^Your tickets/),
    ]);
    expect(mails[1]?.text_body).toContain('Hi Ada Byron,');
    // Read back with the token, as the return page does.
    expect((await readOrder(api.app, order)).json().data).toMatchObject({ status: 'paid', awaitingEmailCode: false });
  });

  it('refuses a wrong code with the tries left, and releases the tickets at the fifth', async () => {
    const { order, buyer, typeId } = await guestOrder(1);
    const code = await latestCode(db(), buyer.email);
    for (let left = 4; left >= 1; left -= 1) {
      const refused = await confirm(order, wrong(code));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'body.code', message: expect.stringContaining(`(${left} tr`) }]);
    }
    const last = await confirm(order, wrong(code));
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toContain('wrong too many times');
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ held: 0, sold: 0 });
    // The right code is worth nothing now.
    expect((await confirm(order, code)).statusCode).toBe(409);
    expect(await db().selectFrom('tickets').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('cannot be confirmed once its hold has lapsed, and its tickets are back on sale', async () => {
    const { order, buyer, typeId } = await guestOrder(3);
    const code = await latestCode(db(), buyer.email);
    await lapseHold(db(), order.id);
    const late = await confirm(order, code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('This hold has ended');
    expect(await statusOf(order.id)).toBe('expired');
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ held: 0, sold: 0 });
  });

  it('answers a repeated confirmation with the same tickets, and issues them once when confirmed twice at once', async () => {
    const { order, buyer, typeId } = await guestOrder(2);
    const code = await latestCode(db(), buyer.email);
    const both = await Promise.all([confirm(order, code), confirm(order, code)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    const ticketIds = both.map((response) => (response.json().data as OrderView).tickets.map((ticket) => ticket.id).sort());
    expect(ticketIds[0]).toHaveLength(2);
    expect(ticketIds[1]).toEqual(ticketIds[0]);
    const again = await confirm(order, code);
    expect(again.statusCode).toBe(200);
    expect((again.json().data as OrderView).tickets.map((ticket) => ticket.id).sort()).toEqual(ticketIds[0]);
    expect(await db().selectFrom('tickets').select('id').where('order_id', '=', order.id).execute()).toHaveLength(2);
    expect((await mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith('Your tickets'))).toHaveLength(1);
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ held: 0, sold: 2 });
  });

  it('sends a new code that replaces the old one, three times at most', async () => {
    const { order, buyer } = await guestOrder(1);
    const first = await latestCode(db(), buyer.email);
    const resent = await sendCode(order);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(`We sent a new code to ${buyer.email}.`);
    expect(await mailsTo(buyer.email)).toHaveLength(2);
    const second = await latestCode(db(), buyer.email);
    if (second !== first) expect((await confirm(order, first)).statusCode).toBe(400);
    for (let more = 0; more < 2; more += 1) expect((await sendCode(order)).statusCode).toBe(200);
    const enough = await sendCode(order);
    expect(enough.statusCode).toBe(429);
    expect(enough.json().message).toContain('as often as we can');
    expect(await mailsTo(buyer.email)).toHaveLength(4);
    expect((await confirm(order, await latestCode(db(), buyer.email))).json().data.status).toBe('paid');
    // Confirmed: there is nothing to send a code for any more.
    expect((await sendCode(order)).statusCode).toBe(409);
  });

  it('answers 404 without the order’s token, and 400 to a code that is not six digits', async () => {
    const { order, buyer } = await guestOrder(1);
    const code = await latestCode(db(), buyer.email);
    expect((await confirm(order, code, { token: 'not-the-token' })).statusCode).toBe(404);
    expect((await confirm(order, code, { token: '' })).statusCode).toBe(404);
    const { order: other } = await guestOrder(1);
    expect((await confirm(order, code, { token: other.accessToken })).statusCode).toBe(404);
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const refused = await confirm(order, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ path: 'body.code' })]);
    }
    const notAnOrder = await api.app.inject({ method: 'POST', url: '/api/orders/nope/confirm-email', payload: { code } });
    expect(notAnOrder.statusCode).toBe(400);
    // None of that counted as a wrong try: the code still works.
    expect((await confirm(order, code)).json().data.status).toBe('paid');
  });

  it('gets its tries counted per network: a script guessing across many orders is stopped', { timeout: 120_000 }, async () => {
    await awayFromWindowEdge(60 * 60);
    const network = '2001:db8:feed:1::';
    const orders = await Promise.all(Array.from({ length: 13 }, () => guestOrder(1)));
    const statuses: number[] = [];
    for (const { order } of orders) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push((await confirm(order, '000000', { remoteAddress: `${network}${statuses.length + 1}` })).statusCode);
      }
    }
    expect(statuses.slice(0, 60).filter((status) => status === 429)).toEqual([]);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
    const limited = await confirm(orders[12]?.order as OrderView, '000000', { remoteAddress: `${network}ffff` });
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('a free order from a signed-in buyer', () => {
  it('is issued at once when bought with the account’s confirmed email, and waits for a code for another email', async () => {
    const sale = await freeSale();
    const account = await signedInAccount(api.app, db());
    const own = await placeOrder(
      api.app,
      orderBody(sale.eventId, [{ ticketTypeId: sale.typeId, quantity: 2 }], {
        name: 'Ada Lovelace',
        email: account.account.email,
      }),
      { headers: account.bearer, remoteAddress: ownLine() },
    );
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({ status: 'paid', awaitingEmailCode: false });
    expect((own.json().data as OrderView).tickets).toHaveLength(2);

    const friend = newBuyer('Babbage Friend');
    const forSomeoneElse = await placeOrder(
      api.app,
      orderBody(sale.eventId, [{ ticketTypeId: sale.typeId, quantity: 1 }], friend),
      {
        headers: account.bearer,
        remoteAddress: ownLine(),
      },
    );
    expect(forSomeoneElse.statusCode).toBe(201);
    expect(forSomeoneElse.json().data).toMatchObject({ status: 'pending', awaitingEmailCode: true, tickets: [] });
    expect((await mailsTo(friend.email)).map((mail) => mail.subject)).toEqual([`Your code for free tickets to ${sale.title}`]);
    const row = await db()
      .selectFrom('orders')
      .select(['user_id', 'network_prefix'])
      .where('id', '=', forSomeoneElse.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(account.user.id);
    expect(row.network_prefix).toMatch(/::\/64$/);
  });
});

describe('a paid order', () => {
  it('sends no mail until it is paid, and then its confirmation', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const typeId = (types[0] as { id: string }).id;
    const buyer = { name: 'Visit evil.example now', email: `paid.${randomUUID()}@example.test` };
    const released = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }], buyer));
    await api.app.inject({ method: 'POST', url: `/api/orders/${released.id}/release?token=${released.accessToken}` });
    const lapsed = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }], buyer));
    await lapseHold(db(), lapsed.id);
    await readOrder(api.app, lapsed);
    const declined = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }], buyer));
    await paySandbox(api.app, declined, '4000 0000 0000 0002');
    expect(await mailsTo(buyer.email)).toEqual([]);

    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }], buyer));
    expect(await mailsTo(buyer.email)).toEqual([]);
    expect((await paySandbox(api.app, order)).json().data.outcome).toBe('succeeded');
    // Paid in the sandbox: a TEST order's confirmation.
    expect((await mailsTo(buyer.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^\[TEST\] Your tickets/)]);
  });
});
