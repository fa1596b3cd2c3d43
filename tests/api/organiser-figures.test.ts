import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/contract/dashboard.ts';
import { decimalAmount } from '../../src/contract/money.ts';
import { doorKit } from '../fixtures/door.ts';
import { publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { heldOrder, lineAddress, newBuyer, type OrderView, orderBody, paySandbox, readOrder } from '../fixtures/orders.ts';
import { dayFromNow, today } from '../fixtures/reports.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Every figure an organiser reads — dashboard, payments, events list, door counts and each report on screen — is
// checked here against a ledger this test keeps itself: what each buyer paid, what each refund gave back, which
// tickets the door admitted. Nothing below is summed by the server before it is compared.

let api: TestApi;
const db = () => api.database.db;
const kit = doorKit(() => api);
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

type Status = OrderView['status'];
interface KeptTicket {
  id: string;
  code: string;
  orderId: string;
  eventId: string;
  typeId: string;
  price: number;
  fee: number;
  valid: boolean;
  admitted: boolean;
  inside: boolean;
}
interface KeptOrder {
  id: string;
  eventId: string;
  currency: string;
  status: Status;
  test: boolean;
}
interface Entry {
  orderId: string;
  eventId: string;
  currency: string;
  test: boolean;
  kind: 'charge' | 'booking_fee' | 'refund' | 'booking_fee_refund';
  amount: number;
}

/** The test's own books. */
const books = { orders: [] as KeptOrder[], tickets: [] as KeptTicket[], entries: [] as Entry[] };

const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);
const paidStatus = (status: Status) => status === 'paid' || status === 'partially_refunded';
const orderOf = (ticket: KeptTicket) => books.orders.find((order) => order.id === ticket.orderId) as KeptOrder;
/** Sold: valid tickets of paid (or partly refunded) orders, TEST ones included (they take seats). */
const soldTickets = (events: string[]) =>
  books.tickets.filter((ticket) => events.includes(ticket.eventId) && ticket.valid && paidStatus(orderOf(ticket).status));

/** Money per currency of real (not TEST) orders, as the organiser is told it: gross, booking fees, refunds, net. */
function moneyOf(events: string[]) {
  const real = books.entries.filter((entry) => !entry.test && events.includes(entry.eventId));
  const currencies = [...new Set(real.map((entry) => entry.currency))].sort();
  return currencies.map((currency) => {
    const of = (kinds: Entry['kind'][]) =>
      sum(
        real.filter((entry) => entry.currency === currency && kinds.includes(entry.kind)),
        (entry) => entry.amount,
      );
    const gross = of(['charge', 'booking_fee']);
    const bookingFees = of(['booking_fee', 'booking_fee_refund']);
    const refunds = 0 - of(['refund', 'booking_fee_refund']);
    const paidOrders = books.orders.filter(
      (order) => events.includes(order.eventId) && !order.test && order.currency === currency && paidStatus(order.status),
    );
    const tickets = soldTickets(events).filter((ticket) => paidOrders.some((order) => order.id === ticket.orderId));
    return {
      currency,
      gross,
      bookingFees,
      refunds,
      net: gross - bookingFees - refunds,
      orders: paidOrders.length,
      tickets: tickets.length,
    };
  });
}

let lines = 3_000;
async function buy(eventId: string, typeId: string, quantity: number, how: 'card' | 'sandbox' | 'unpaid' = 'card') {
  lines += 1;
  const held = await heldOrder(
    api.app,
    orderBody(eventId, [{ ticketTypeId: typeId, quantity }], newBuyer()),
    {},
    lineAddress(lines),
  );
  if (how === 'unpaid') {
    books.orders.push({
      id: held.id,
      eventId,
      currency: (held as OrderView & { currency: string }).currency,
      status: 'pending',
      test: false,
    });
    return held;
  }
  expect((await paySandbox(api.app, held)).json().data?.outcome).toBe('succeeded');
  if (how === 'card') await db().updateTable('orders').set({ provider: 'stripe' }).where('id', '=', held.id).execute();
  const order = (await readOrder(api.app, held)).json().data as OrderView & { currency: string };
  const test = how === 'sandbox';
  books.orders.push({ id: order.id, eventId, currency: order.currency, status: 'paid', test });
  const item = order.items[0] as OrderView['items'][number];
  books.entries.push(
    { orderId: order.id, eventId, currency: order.currency, test, kind: 'charge', amount: item.unitPrice * quantity },
    { orderId: order.id, eventId, currency: order.currency, test, kind: 'booking_fee', amount: item.unitFee * quantity },
  );
  for (const ticket of order.tickets) {
    books.tickets.push({
      id: ticket.id,
      code: ticket.code as string,
      orderId: order.id,
      eventId,
      typeId,
      price: item.unitPrice,
      fee: item.unitFee,
      valid: true,
      admitted: false,
      inside: false,
    });
  }
  return order;
}

describe('every figure an organiser reads', () => {
  let organiser: Awaited<ReturnType<typeof verifiedOrganizer>>;
  let london: string;
  let paris: string;
  const types: Record<string, { id: string; name: string; capacity: number; eventId: string }> = {};

  async function refund(order: OrderView, tickets: OrderView['tickets']) {
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: tickets.map((ticket) => ticket.id) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const kept = books.orders.find((candidate) => candidate.id === order.id) as KeptOrder;
    // One refund, whatever the number of tickets: the ticket money back, and their booking fees.
    const own = tickets.map((ticket) => books.tickets.find((candidate) => candidate.id === ticket.id) as KeptTicket);
    for (const ticket of own) ticket.valid = false;
    const entry = { orderId: order.id, eventId: kept.eventId, currency: kept.currency, test: kept.test };
    books.entries.push(
      { ...entry, kind: 'refund', amount: 0 - sum(own, (ticket) => ticket.price) },
      { ...entry, kind: 'booking_fee_refund', amount: 0 - sum(own, (ticket) => ticket.fee) },
    );
    kept.status = books.tickets.some((ticket) => ticket.orderId === order.id && ticket.valid) ? 'partially_refunded' : 'refunded';
    expect(response.json().data.status).toBe(kept.status);
  }

  async function scan(ticket: OrderView['tickets'][number], direction: 'in' | 'out' = 'in') {
    const own = books.tickets.find((candidate) => candidate.id === ticket.id) as KeptTicket;
    const door = { owner: organiser, door: organiser, eventId: own.eventId, typeIds: [] };
    const answer = await kit.verdict(door, kit.scan(own.code, 'front-gate', { direction }));
    expect(answer.result).toBe('valid');
    own.admitted = true;
    own.inside = direction === 'in';
  }

  beforeAll(async () => {
    organiser = await verifiedOrganizer(api.app, db(), 'Figures & Co');
    london = (
      await publishedEvent(api.app, organiser, {
        ticketTypes: [
          { name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 },
          { name: 'VIP', price: 4000, currency: 'GBP', capacity: 10 },
        ],
      })
    ).id;
    paris = (
      await publishedEvent(api.app, organiser, {
        title: 'Jazz sur la Seine',
        ticketTypes: [{ name: 'Entrée', price: 2000, currency: 'EUR', capacity: 50 }],
      })
    ).id;
    for (const eventId of [london, paris]) {
      const rows = await db()
        .selectFrom('ticket_types')
        .select(['id', 'name', 'capacity'])
        .where('event_id', '=', eventId)
        .orderBy('sort_order')
        .execute();
      for (const row of rows) types[row.name] = { ...row, eventId };
    }
    const standard = types.Standard?.id as string;
    const partly = await buy(london, standard, 2);
    await buy(london, types.VIP?.id as string, 1);
    const whole = await buy(london, standard, 3);
    await buy(london, standard, 4, 'sandbox');
    const eur = await buy(paris, types.Entrée?.id as string, 3);
    await buy(london, standard, 2, 'unpaid');
    const late = await buy(paris, types.Entrée?.id as string, 1);
    await refund(partly, partly.tickets.slice(0, 1));
    await refund(whole, whole.tickets);
    await scan(partly.tickets[1] as OrderView['tickets'][number]);
    await scan(partly.tickets[1] as OrderView['tickets'][number], 'out');
    await scan(late.tickets[0] as OrderView['tickets'][number]);
    await scan(eur.tickets[2] as OrderView['tickets'][number]);
  });

  const get = async (url: string) => {
    const response = await api.app.inject({ method: 'GET', url: `/api${url}`, headers: organiser.bearer });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };
  const scopes = () => [
    { query: '', events: [london, paris] },
    { query: `?eventId=${london}`, events: [london] },
    { query: `?eventId=${paris}`, events: [paris] },
  ];

  it('on the dashboard, for the organisation and for each event', async () => {
    for (const { query, events } of scopes()) {
      const board = (await get(`/organizations/${organiser.organizationId}/dashboard${query}`)) as Dashboard;
      expect(board.money, query).toEqual(moneyOf(events));
      const inScope = books.orders.filter((order) => events.includes(order.eventId));
      expect(board.testOrders).toBe(inScope.filter((order) => order.test && paidStatus(order.status)).length);
      const statuses = [...new Set(inScope.map((order) => order.status))].sort();
      expect(board.ordersByStatus).toEqual(
        statuses.map((status) => ({ status, count: inScope.filter((order) => order.status === status).length })),
      );
      const sold = soldTickets(events);
      for (const type of Object.values(types).filter((candidate) => events.includes(candidate.eventId))) {
        expect(board.ticketTypes.find((row) => row.id === type.id)).toMatchObject({
          sold: sold.filter((ticket) => ticket.typeId === type.id).length,
          capacity: type.capacity,
        });
      }
      const admitted = books.tickets.filter((ticket) => events.includes(ticket.eventId) && ticket.admitted);
      expect(board.door).toEqual({
        sold: sold.length,
        checkedIn: admitted.length,
        inside: admitted.filter((ticket) => ticket.inside).length,
      });
      expect(board.dailySales.at(-1)).toEqual({ day: today(), tickets: sold.length });
      expect(board.dailyRevenue.map((series) => ({ currency: series.currency, gross: series.days.at(-1)?.gross }))).toEqual(
        moneyOf(events).map((row) => ({ currency: row.currency, gross: row.gross })),
      );
    }
  });

  it('on the payments page, the events list and the door', async () => {
    for (const { query, events } of scopes()) {
      const payments = await get(`/organizations/${organiser.organizationId}/orders${query}`);
      const inScope = books.orders.filter((order) => events.includes(order.eventId));
      expect(payments.totals, query).toEqual(moneyOf(events));
      expect(payments.testOrders).toBe(inScope.filter((order) => order.test && paidStatus(order.status)).length);
      expect(payments.total).toBe(inScope.length);
      expect(payments.items).toHaveLength(inScope.length);
    }
    const list = await get(`/organizations/${organiser.organizationId}/events`);
    for (const eventId of [london, paris]) {
      const row = list.items.find((item: { id: string }) => item.id === eventId);
      expect(row).toMatchObject({
        ticketsSold: soldTickets([eventId]).length,
        capacity: sum(
          Object.values(types).filter((type) => type.eventId === eventId),
          (type) => type.capacity,
        ),
      });
      const admitted = books.tickets.filter((ticket) => ticket.eventId === eventId && ticket.admitted);
      expect(await get(`/events/${eventId}/checkins/stats`)).toMatchObject({
        sold: soldTickets([eventId]).length,
        checkedIn: admitted.length,
        inside: admitted.filter((ticket) => ticket.inside).length,
      });
    }
  });

  it('in each report on screen', async () => {
    const rowsOf = async (kind: string, range = `from=${today()}&to=${today()}`) => {
      const page = await get(`/organizations/${organiser.organizationId}/reports/${kind}/rows?${range}`);
      // Every report here fits on one page: the count it gives is the rows it shows.
      expect(page.total, kind).toBe(page.rows.length);
      const headers = (page.columns as { header: string }[]).map((column) => column.header);
      return (page.rows as string[][]).map((cells) => Object.fromEntries(headers.map((header, index) => [header, cells[index]])));
    };
    const everything = [london, paris];
    const real = books.entries.filter((entry) => !entry.test);
    const money = (minor: number, currency: string) => decimalAmount(minor, currency);

    // Revenue: the money of the period, and the real orders that paid in it, refunded ones too.
    expect(await rowsOf('revenue-summary')).toEqual(
      moneyOf(everything).map((row) => ({
        Currency: row.currency,
        'Orders paid': String(
          new Set(
            real.filter((entry) => entry.currency === row.currency && entry.kind === 'charge').map((entry) => entry.orderId),
          ).size,
        ),
        'Gross (paid by buyers)': money(row.gross, row.currency),
        'Booking fees (Admit)': money(row.bookingFees, row.currency),
        Refunds: money(row.refunds, row.currency),
        'Net (yours)': money(row.net, row.currency),
      })),
    );

    // Transactions: one row per movement of real money; they add up to what stayed paid.
    const transactions = await rowsOf('transactions');
    expect(transactions).toHaveLength(real.filter((entry) => entry.amount !== 0).length);
    for (const row of moneyOf(everything)) {
      const cents = sum(
        transactions.filter((line) => line.Currency === row.currency),
        (line) => Math.round(Number(line.Amount) * 100),
      );
      expect(cents, row.currency).toBe(row.gross - row.refunds);
    }

    // Sales by ticket type and by day: real orders' sold tickets, with what they were sold for.
    const realSold = soldTickets(everything).filter((ticket) => !orderOf(ticket).test);
    const salesOf = (tickets: KeptTicket[], currency: string) => ({
      Tickets: String(tickets.length),
      'Ticket sales': money(
        sum(tickets, (ticket) => ticket.price),
        currency,
      ),
      'Booking fees': money(
        sum(tickets, (ticket) => ticket.fee),
        currency,
      ),
    });
    const byType = await rowsOf('sales-by-type');
    for (const type of Object.values(types)) {
      const tickets = realSold.filter((ticket) => ticket.typeId === type.id);
      const row = byType.find((line) => line['Ticket type'] === type.name);
      if (tickets.length === 0) {
        expect(row).toBeUndefined();
        continue;
      }
      const currency = orderOf(tickets[0] as KeptTicket).currency;
      expect(row).toMatchObject(salesOf(tickets, currency));
    }
    const byDay = await rowsOf('sales-by-day');
    for (const currency of ['EUR', 'GBP']) {
      const tickets = realSold.filter((ticket) => orderOf(ticket).currency === currency);
      expect(byDay.find((line) => line.Currency === currency)).toMatchObject({
        'Day (UTC)': today(),
        Orders: String(new Set(tickets.map((ticket) => ticket.orderId)).size),
        ...salesOf(tickets, currency),
      });
    }

    // The door per event, and the attendees: every sold ticket, TEST ones included (they take seats).
    // The check-in report goes by the events' dates (a scan has no payment date).
    const checkins = await rowsOf('checkins', `from=${today()}&to=${dayFromNow(365)}`);
    for (const eventId of everything) {
      const admitted = books.tickets.filter((ticket) => ticket.eventId === eventId && ticket.admitted);
      const sold = soldTickets([eventId]).length;
      const title = (await get(`/events/${eventId}`)).title as string;
      expect(checkins.find((line) => line.Event === title)).toMatchObject({
        'Tickets sold': String(sold),
        'Checked in': String(admitted.length),
        'Inside now': String(admitted.filter((ticket) => ticket.inside).length),
        'Not arrived': String(sold - admitted.length),
      });
    }
    const attendees = await rowsOf('attendees');
    expect(attendees).toHaveLength(soldTickets(everything).length);
    expect(attendees.filter((line) => line['Checked in at (UTC)'] !== '')).toHaveLength(
      books.tickets.filter((ticket) => ticket.admitted && ticket.valid).length,
    );
  });
});
