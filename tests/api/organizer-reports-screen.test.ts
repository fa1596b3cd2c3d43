import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalAmount } from '../../src/contract/money.ts';
import { reportKindSchema } from '../../src/contract/reports.ts';
import { doorKit, type Person } from '../fixtures/door.ts';
import { inDays, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { type OrderView, readOrder } from '../fixtures/orders.ts';
import { dayFromNow, reportKit, rowsOf, today } from '../fixtures/reports.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
const kit = doorKit(() => api);
const { paid, report } = reportKit(() => api);
type Organiser = Awaited<ReturnType<typeof verifiedOrganizer>>;

describe('revenue summary, sales by day, reports on screen and the door list', () => {
  let organiser: Organiser;
  let london: { id: string };
  let paris: { id: string };
  let manager: Person;
  let finance: Person;
  let door: Person;
  /** The real (card) orders as their buyers see them, after the refund. */
  const real: OrderView[] = [];
  const range = () => `from=${today()}&to=${today()}`;
  const as = (person: Person) => ({ organizationId: organiser.organizationId, bearer: person.bearer });

  beforeAll(async () => {
    organiser = await verifiedOrganizer(api.app, db(), 'Summary Sounds');
    london = await publishedEvent(api.app, organiser, {
      ticketTypes: [{ name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 }],
    });
    paris = await publishedEvent(api.app, organiser, {
      title: 'Nuit Blanche',
      startsAt: inDays(20),
      endsAt: inDays(20, 23),
      ticketTypes: [{ name: 'Entrée', price: 2000, currency: 'EUR', capacity: 50 }],
    });
    const refunded = await paid(london.id, 2, { card: false, buyerName: 'Ada Lovelace' });
    const refund = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${refunded.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [refunded.tickets[0]?.id] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await db().updateTable('orders').set({ provider: 'stripe' }).where('id', '=', refunded.id).execute();
    const second = await paid(london.id, 1, { buyerName: 'Charles Babbage' });
    const third = await paid(paris.id, 3, { buyerName: 'Émilie du Châtelet' });
    for (const order of [refunded, second, third]) {
      real.push((await readOrder(api.app, order, organiser.bearer)).json().data as OrderView);
    }
    // A TEST order: seats taken, no money.
    await paid(london.id, 2, { card: false, buyerName: 'Zed Tester' });
    manager = await kit.member(organiser, 'manager');
    finance = await kit.member(organiser, 'finance');
    door = await kit.member(organiser, 'door');
    const scan = { owner: organiser, door: organiser, eventId: london.id, typeIds: [] };
    expect((await kit.verdict(scan, kit.scan(second.tickets[0]?.code as string, 'front-gate'))).result).toBe('valid');
  });

  it('sums gross, booking fees, refunds and net per currency, as the buyers’ orders add up', async () => {
    const response = await report(organiser, 'revenue-summary', range());
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual([
      'Currency',
      'Orders paid',
      'Gross (paid by buyers)',
      'Booking fees (Admit)',
      'Refunds',
      'Net (yours)',
    ]);
    // Worked out from the orders alone: what each buyer paid, less what went back; fees given back with the refund.
    const expected = ['EUR', 'GBP'].map((currency) => {
      // Paris sells in euros, London in pounds.
      const orders = (currency === 'EUR' ? real.slice(2) : real.slice(0, 2)) as OrderView[];
      const gross = orders.reduce((sum, order) => sum + order.total, 0);
      const refunds = orders.reduce((sum, order) => sum + order.refunded, 0);
      const refundedFees = orders.reduce((sum, order) => {
        const given = order.tickets.filter((ticket) => ticket.status !== 'valid').length;
        return sum + Math.round((order.bookingFee / order.tickets.length) * given);
      }, 0);
      const fees = orders.reduce((sum, order) => sum + order.bookingFee, 0) - refundedFees;
      const money = (minor: number) => decimalAmount(minor, currency);
      return [currency, String(orders.length), money(gross), money(fees), money(refunds), money(gross - fees - refunds)];
    });
    expect(rows).toEqual(expected);
    expect(real[0]?.refunded).toBeGreaterThan(0);
    // The dashboard's figures are the same ones.
    const dashboard = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/dashboard`,
      headers: organiser.bearer,
    });
    const gbp = dashboard.json().data.money.find((row: { currency: string }) => row.currency === 'GBP');
    expect(decimalAmount(gbp.net, 'GBP')).toBe(expected[1]?.[5]);
  });

  it('counts orders, tickets and money per day of payment, refunded tickets and TEST orders left out', async () => {
    const response = await report(organiser, 'sales-by-day', range());
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(['Day (UTC)', 'Currency', 'Orders', 'Tickets', 'Ticket sales', 'Booking fees', 'Paid by buyers']);
    const fee = (order: OrderView | undefined) => (order ? order.bookingFee / order.tickets.length : 0);
    expect(rows).toEqual([
      [today(), 'EUR', '1', '3', '60.00', decimalAmount(3 * fee(real[2]), 'EUR'), decimalAmount(6000 + 3 * fee(real[2]), 'EUR')],
      [
        today(),
        'GBP',
        '2',
        '2',
        '30.00',
        decimalAmount(fee(real[0]) + fee(real[1]), 'GBP'),
        decimalAmount(3000 + fee(real[0]) + fee(real[1]), 'GBP'),
      ],
    ]);
    const byEvent = await report(organiser, 'sales-by-day', `dateBy=event&from=${dayFromNow(20)}&to=${dayFromNow(20)}`);
    expect(
      rowsOf(byEvent.body)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(['EUR']);
  });

  it('shows each report on screen with the same columns and cells as its file, a page at a time', async () => {
    for (const kind of reportKindSchema.options) {
      const query = `dateBy=event&from=${today()}&to=${dayFromNow(30)}`;
      const file = rowsOf((await report(organiser, kind, query)).body);
      const screen = await report(organiser, kind, query, '/rows');
      expect(screen.statusCode, screen.body).toBe(200);
      const page = screen.json().data;
      expect(page.columns.map((item: { header: string }) => item.header)).toEqual(file[0]);
      expect(page.rows).toEqual(file.slice(1));
      expect(page).toMatchObject({ total: file.length - 1, page: 1, pageSize: 50 });
    }
    const second = await report(organiser, 'attendees', `${range()}&page=2`, '/rows');
    expect(second.json().data).toMatchObject({ rows: [], page: 2, total: 7 });
    const numeric = (await report(organiser, 'revenue-summary', range(), '/rows')).json().data.columns;
    expect(numeric.map((item: { numeric: boolean }) => item.numeric)).toEqual([false, true, true, true, true, true]);
  });

  it('keeps money to owners and finance: managers see sales without amounts, door staff see no report', async () => {
    for (const kind of ['revenue-summary', 'transactions']) {
      const refused = await report(as(manager), kind, range());
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only owners and finance members can see the organisation’s money reports.');
      expect((await report(as(manager), kind, range(), '/rows')).statusCode).toBe(403);
      expect((await report(as(finance), kind, range())).statusCode).toBe(200);
    }
    const [header, ...rows] = rowsOf((await report(as(manager), 'sales-by-day', range())).body);
    expect(header).toEqual(['Day (UTC)', 'Currency', 'Orders', 'Tickets']);
    expect(rows.map((row) => row[3])).toEqual(['3', '2']);
    const byType = (await report(as(manager), 'sales-by-type', range(), '/rows')).json().data;
    expect(byType.columns.map((item: { header: string }) => item.header)).toEqual([
      'Event',
      'Event date (UTC)',
      'Ticket type',
      'Currency',
      'Tickets',
    ]);
    expect((await report(as(manager), 'attendees', range(), '/rows')).statusCode).toBe(200);
    expect(rowsOf((await report(as(finance), 'sales-by-day', range())).body)[0]).toHaveLength(7);
    for (const kind of reportKindSchema.options) {
      expect((await report(as(door), kind, range(), '/rows')).statusCode).toBe(403);
    }
  });

  it('refuses bad input on screen as in files: long ranges, unknown reports, another organisation’s event', async () => {
    const tooLong = await report(organiser, 'sales-by-day', `from=${dayFromNow(-400)}&to=${today()}`, '/rows');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ path: 'query.to', message: 'A report covers at most 366 days.' }]);
    expect((await report(organiser, 'sales-by-day', `from=${dayFromNow(-400)}&to=${today()}`)).statusCode).toBe(400);
    expect((await report(organiser, 'profit', range(), '/rows')).statusCode).toBe(400);
    expect((await report(organiser, 'sales-by-day', `${range()}&page=0`, '/rows')).statusCode).toBe(400);
    const other = await verifiedOrganizer(api.app, db(), 'Rival Sums');
    const theirs = await publishedEvent(api.app, other, {});
    for (const path of ['', '/rows']) {
      const response = await report(organiser, 'revenue-summary', `eventId=${theirs.id}&${range()}`, path);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('That event was not found.');
      expect((await report(other, 'sales-by-day', `eventId=${london.id}&${range()}`, path)).statusCode).toBe(404);
    }
  });

  const doorList = (person: { bearer: Record<string, string> }, eventId: string) =>
    api.app.inject({ method: 'GET', url: `/api/events/${eventId}/door-list`, headers: person.bearer });

  it('lists the event’s attendees by surname with ticket type, short code and who is in, for the door', async () => {
    const response = await doorList(organiser, london.id);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data;
    expect(list.event).toMatchObject({ id: london.id, startsAt: expect.any(String) });
    expect(list.truncated).toBe(false);
    expect(list.attendees.map((row: { surname: string }) => row.surname)).toEqual(['Babbage', 'Lovelace', 'Tester', 'Tester']);
    const babbage = list.attendees[0];
    expect(babbage).toMatchObject({ ticketType: 'Standard', checkedIn: true, test: false, order: real[1]?.reference });
    // The short code printed with the ticket, which the scanner's field takes.
    expect(babbage.shortCode).toBe(real[1]?.tickets[0]?.shortCode);
    expect(babbage.shortCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{9}$/);
    expect(list.attendees.filter((row: { test: boolean }) => row.test)).toHaveLength(2);
    expect(list.attendees.filter((row: { checkedIn: boolean }) => row.checkedIn)).toHaveLength(1);
  });

  it('lets owners, managers and door staff print the door list, and nobody else', async () => {
    expect((await doorList(manager, london.id)).statusCode).toBe(200);
    expect((await doorList(door, london.id)).statusCode).toBe(200);
    expect((await doorList(finance, london.id)).statusCode).toBe(403);
    const other = await verifiedOrganizer(api.app, db(), 'Rival Doors');
    const refused = await doorList(other, london.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('That event was not found.');
    expect((await doorList(organiser, randomUUID())).statusCode).toBe(404);
    expect((await doorList({ bearer: {} }, london.id)).statusCode).toBe(401);
    expect((await doorList(organiser, 'not-an-id')).statusCode).toBe(400);
  });
});
