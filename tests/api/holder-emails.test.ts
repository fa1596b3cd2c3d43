import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPermission } from '../../src/contract/admin.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { doorKit } from '../fixtures/door.ts';
import {
  eventOnSale,
  heldOrder,
  lineAddress,
  newBuyer,
  type OrderView,
  orderBody,
  paySandbox,
  placeOrder,
  readOrder,
  soldAndHeld,
} from '../fixtures/orders.ts';
import { reportKit, rowsOf, today } from '../fixtures/reports.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// A ticket may carry its holder's own email, given per ticket at checkout beside the holder's name (migration 0046).

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
const { report } = reportKit(() => api);
const kit = doorKit(() => api);

let lines = 700;
const nextLine = () => {
  lines += 1;
  return lineAddress(lines);
};

type Sale = Awaited<ReturnType<typeof eventOnSale>>;
const typeIds = (sale: Sale) => {
  const [standard, vip] = sale.types.map((type) => type.id);
  if (!standard || !vip) throw new Error('the event has not its two ticket types');
  return { standard, vip };
};

/** Two Standard tickets and one VIP, each with its holder's email (one typed with capitals and spaces). */
function threeHolders(sale: Sale) {
  const { standard, vip } = typeIds(sale);
  return {
    ...orderBody(sale.event.id, [
      { ticketTypeId: standard, quantity: 2 },
      { ticketTypeId: vip, quantity: 1 },
    ]),
    attendees: [
      { ticketTypeId: standard, name: 'Ada Lovelace', email: '  Ada.Lovelace@Example.TEST ' },
      { ticketTypeId: vip, name: '', email: 'grace@example.test' },
      { ticketTypeId: standard, name: 'Charles Babbage', email: 'charles@example.test' },
    ],
  };
}

/** A paid order of the three holders, as the buyer reads it after paying in the sandbox. */
async function paidThreeHolders(sale: Sale): Promise<OrderView> {
  const held = await heldOrder(api.app, threeHolders(sale), {}, nextLine());
  expect((await paySandbox(api.app, held)).statusCode).toBe(200);
  return (await readOrder(api.app, held)).json().data as OrderView;
}

const storedTickets = (orderId: string) =>
  db()
    .selectFrom('tickets')
    .select(['id', 'ticket_type_id', 'holder_name', 'holder_email'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

/** A signed-in administrator whose one group grants `permissions`. */
async function adminWith(permissions: AdminPermission[]) {
  const account = await signedInAccount(api.app, db(), { firstName: 'Kit', lastName: 'Support' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  await db().deleteFrom('admin_group_members').where('user_id', '=', account.authId).execute();
  await groupInDb(db(), permissions, [account.authId]);
  return account;
}

describe('a holder’s own email given at checkout', () => {
  it('is kept on each of a paid order’s three tickets, lower-cased, by the position its name takes', async () => {
    const sale = await eventOnSale(api.app, db());
    const { standard, vip } = typeIds(sale);
    const order = await paidThreeHolders(sale);
    expect(order.status).toBe('paid');

    const tickets = await storedTickets(order.id);
    expect(tickets).toHaveLength(3);
    const of = (typeId: string) =>
      tickets.filter((ticket) => ticket.ticket_type_id === typeId).map((ticket) => [ticket.holder_name, ticket.holder_email]);
    expect(of(standard)).toEqual([
      ['Ada Lovelace', 'ada.lovelace@example.test'],
      ['Charles Babbage', 'charles@example.test'],
    ]);
    // No name given: the buyer's name is printed, and the holder's address kept all the same.
    expect(of(vip)).toEqual([['Grace Hopper', 'grace@example.test']]);
    const items = await db()
      .selectFrom('order_items')
      .select(['ticket_type_id', 'holder_emails'])
      .where('order_id', '=', order.id)
      .execute();
    expect(Object.fromEntries(items.map((item) => [item.ticket_type_id, item.holder_emails]))).toEqual({
      [standard]: ['ada.lovelace@example.test', 'charles@example.test'],
      [vip]: ['grace@example.test'],
    });

    // The organiser sees each holder's address on the order and in the attendee report, after the holder's name.
    const seen = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${sale.organiser.organizationId}/orders/${order.id}`,
      headers: sale.organiser.bearer,
    });
    expect(seen.statusCode).toBe(200);
    const holders = (seen.json().data.tickets as { holderName: string; holderEmail: string | null }[]).map(
      (ticket) => ticket.holderEmail,
    );
    expect([...holders].sort()).toEqual(['ada.lovelace@example.test', 'charles@example.test', 'grace@example.test']);
    const csv = await report(sale.organiser, 'attendees', `eventId=${sale.event.id}&from=${today()}&to=${today()}`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = rowsOf(csv.body);
    const column = header?.indexOf('Holder email') ?? -1;
    expect(column).toBe((header?.indexOf('Ticket holder') ?? 0) + 1);
    expect(rows.map((row) => row[column]).sort()).toEqual([
      'ada.lovelace@example.test',
      'charles@example.test',
      'grace@example.test',
    ]);
  });

  it('is kept on a free order’s tickets issued at once, and a ticket without one has none', async () => {
    const sale = await eventOnSale(api.app, db(), {
      ticketTypes: [{ name: 'Community', price: 0, currency: 'GBP', capacity: 50 }],
    });
    const community = (sale.types[0] as { id: string }).id;
    const account = await signedInAccount(api.app, db(), { firstName: 'Ada', lastName: 'Byron' });
    const response = await placeOrder(
      api.app,
      {
        ...orderBody(sale.event.id, [{ ticketTypeId: community, quantity: 2 }], {
          name: 'Ada Byron',
          email: account.account.email,
        }),
        attendees: [
          { ticketTypeId: community, name: 'Mary Somerville', email: 'mary@example.test' },
          { ticketTypeId: community, name: 'Ada Byron', email: '' },
        ],
      },
      { headers: account.bearer, remoteAddress: nextLine() },
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data as OrderView;
    expect(order.status).toBe('paid');
    expect(order.tickets.map((ticket) => ticket.holderEmail)).toEqual(['mary@example.test', null]);
    expect((await storedTickets(order.id)).map((ticket) => ticket.holder_email)).toEqual(['mary@example.test', null]);
  });

  it('that is not an address is refused with 400 at its place, and nothing is written', async () => {
    const sale = await eventOnSale(api.app, db());
    const { standard } = typeIds(sale);
    const before = await soldAndHeld(db(), standard);
    const buyer = newBuyer();
    const response = await placeOrder(
      api.app,
      {
        ...orderBody(sale.event.id, [{ ticketTypeId: standard, quantity: 2 }], buyer),
        attendees: [
          { ticketTypeId: standard, name: 'Ada Lovelace', email: 'ada@example.test' },
          { ticketTypeId: standard, name: 'Charles Babbage', email: 'charles at example dot test' },
        ],
      },
      { remoteAddress: nextLine() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'body.attendees.1.email', message: 'That is not an email address.' }]);
    const orders = await db().selectFrom('orders').select('id').where('buyer_email', '=', buyer.email).execute();
    expect(orders).toEqual([]);
    expect(await soldAndHeld(db(), standard)).toEqual(before);
  });

  it('stays on a ticket an administrator reissues to a corrected name', async () => {
    const sale = await eventOnSale(api.app, db());
    const order = await paidThreeHolders(sale);
    const [first] = await storedTickets(order.id);
    if (!first) throw new Error('no ticket');
    const admin = await adminWith(['tickets.void', 'payments.read']);
    const reissued = await api.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${first.id}/reissue`,
      headers: admin.bearer,
      payload: { holderName: 'Ada King', reason: 'Name changed.' },
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    const after = (await storedTickets(order.id)).find((ticket) => ticket.id === first.id);
    expect(after).toMatchObject({ holder_name: 'Ada King', holder_email: first.holder_email });
    expect(first.holder_email).toMatch(/@example\.test$/);
    const detail = await api.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin.bearer });
    expect(detail.statusCode).toBe(200);
    const shown = (detail.json().data.tickets as { id: string; holderName: string; holderEmail: string | null }[]).find(
      (ticket) => ticket.id === first.id,
    );
    expect(shown).toMatchObject({ holderName: 'Ada King', holderEmail: first.holder_email });
  });

  it('is not in what door staff download or see at a scan', async () => {
    const d = await kit.door();
    const order = await heldOrder(
      api.app,
      {
        ...orderBody(d.eventId, [{ ticketTypeId: d.typeIds[0] as string, quantity: 1 }]),
        attendees: [{ ticketTypeId: d.typeIds[0] as string, name: 'Hedy Lamarr', email: 'hedy.private@example.test' }],
      },
      {},
      nextLine(),
    );
    expect((await paySandbox(api.app, order)).statusCode).toBe(200);
    const pages = JSON.stringify(await kit.allPages(d, ''));
    expect(pages).toContain('Hedy Lamarr');
    expect(pages).not.toContain('hedy.private');
    const code = ((await readOrder(api.app, order)).json().data as OrderView).tickets[0]?.code as string;
    const seen = await kit.checkIn(d, kit.scan(code, kit.deviceId()));
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain('Hedy Lamarr');
    expect(seen.body).not.toContain('hedy.private');
  });
});
