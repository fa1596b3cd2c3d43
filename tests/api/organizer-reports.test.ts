import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idWidth, type ReportScope, reportRowIds } from '../../server/features/reports/reports.repository.ts';
import type { ReportKind } from '../../src/contract/reports.ts';
import { doorKit } from '../fixtures/door.ts';
import { inDays, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import type { OrderView } from '../fixtures/orders.ts';
import { dayFromNow, reportKit, rowsOf, sheetOf, today, xlsxType } from '../fixtures/reports.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;

/** A report's ids read as a file reads them: `size` at a time, each piece on from the last id of the one before. */
async function idsInPieces(kind: ReportKind, scope: ReportScope, size: number): Promise<string> {
  let pieces = '';
  for (let piece = await reportRowIds(db(), kind, scope, size); piece; ) {
    pieces += piece;
    piece = await reportRowIds(db(), kind, scope, size, piece.slice(-idWidth));
  }
  return pieces;
}
const kit = doorKit(() => api);
type Organiser = Awaited<ReturnType<typeof verifiedOrganizer>>;

const { paid, report } = reportKit(() => api);

describe('organiser reports', () => {
  let organiser: Organiser;
  let london: { id: string };
  let paris: { id: string };
  const real: OrderView[] = [];
  let test: OrderView;
  const range = () => `from=${today()}&to=${today()}`;

  beforeAll(async () => {
    organiser = await verifiedOrganizer(api.app, db(), 'Ledger Nights');
    london = await publishedEvent(api.app, organiser, {
      ticketTypes: [{ name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 }],
    });
    paris = await publishedEvent(api.app, organiser, {
      title: 'Jazz sur la Seine',
      startsAt: inDays(20),
      endsAt: inDays(20, 23),
      ticketTypes: [{ name: 'Entrée', price: 2000, currency: 'EUR', capacity: 50 }],
    });
    real.push(await paid(london.id, 2, { card: false, buyerName: '=HYPERLINK("http://evil.test","x")' }));
    const refund = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${real[0]?.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [real[0]?.tickets[0]?.id] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await db()
      .updateTable('orders')
      .set({ provider: 'stripe' })
      .where('id', '=', real[0]?.id as string)
      .execute();
    real.push(await paid(london.id, 1));
    real.push(await paid(paris.id, 3));
    test = await paid(london.id, 4, { card: false });
    const door = { owner: organiser, door: organiser, eventId: london.id, typeIds: [] };
    const code = real[1]?.tickets[0]?.code as string;
    expect((await kit.verdict(door, kit.scan(code, 'front-gate'))).result).toBe('valid');
    expect((await kit.verdict(door, kit.scan(code, 'side-gate'))).result).toBe('already_used');
  });

  it('lists every transaction of real orders with its payment date, per currency, reconciling with the ledger', async () => {
    const response = await report(organiser, 'transactions', range());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="transactions-${today()}-to-${today()}.csv"`);
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual([
      'Date (UTC)',
      'Type',
      'Order',
      'Event',
      'Event date (UTC)',
      'Currency',
      'Amount',
      'Payment id',
      'Refund id',
    ]);
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select(['amount', 'currency'])
      .where(
        'order_id',
        'in',
        real.map((order) => order.id),
      )
      .execute();
    expect(rows).toHaveLength(ledger.length);
    // Currencies apart: every EUR row before every GBP row, and no row of the TEST order.
    expect(rows.map((row) => row[5])).toEqual([...rows.map((row) => row[5] as string)].sort());
    expect(rows.some((row) => row[2] === test.reference)).toBe(false);
    for (const currency of ['GBP', 'EUR']) {
      const minor = ledger.filter((row) => row.currency === currency).reduce((sum, row) => sum + row.amount, 0);
      const fromFile = rows.filter((row) => row[5] === currency).reduce((sum, row) => sum + Math.round(Number(row[6]) * 100), 0);
      expect(fromFile).toBe(minor);
    }
    expect(rows.filter((row) => row[1] === 'Refund')).toHaveLength(1);
    // Read a piece at a time (two ids each, on from the last), the ledger's ids are the whole list in order, once.
    const scope = { organizationId: organiser.organizationId, query: { dateBy: 'payment' as const, from: today(), to: today() } };
    const whole = (await reportRowIds(db(), 'transactions', scope, 1_000)) ?? '';
    expect(whole.length).toBe(ledger.length * idWidth);
    expect(await idsInPieces('transactions', scope, 2)).toBe(whole);
    const gbp = await report(organiser, 'transactions', `${range()}&currency=GBP`);
    expect(
      rowsOf(gbp.body)
        .slice(1)
        .every((row) => row[5] === 'GBP'),
    ).toBe(true);
  });

  it('filters by the event’s date instead of the payment’s', async () => {
    const inTwentyDays = dayFromNow(20);
    const byEvent = await report(organiser, 'transactions', `dateBy=event&from=${inTwentyDays}&to=${inTwentyDays}`);
    const rows = rowsOf(byEvent.body).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[3] === 'Jazz sur la Seine')).toBe(true);
    const none = await report(organiser, 'transactions', `dateBy=event&${range()}`);
    expect(rowsOf(none.body)).toHaveLength(1);
  });

  it('sums sales by ticket type, TEST orders left out', async () => {
    const response = await report(organiser, 'sales-by-type', range());
    const [header, ...rows] = rowsOf(response.body);
    expect(header?.slice(2)).toEqual(['Ticket type', 'Currency', 'Tickets', 'Ticket sales', 'Booking fees', 'Paid by buyers']);
    expect(rows.map((row) => row.slice(2))).toEqual([
      ['Entrée', 'EUR', '3', '60.00', expect.any(String), expect.any(String)],
      ['Standard', 'GBP', '2', '30.00', expect.any(String), expect.any(String)],
    ]);
  });

  it('summarises the door per event, a ticket scanned twice counted once', async () => {
    const response = await report(organiser, 'checkins', `dateBy=event&from=${today()}&to=${dayFromNow(30)}`);
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(['Event', 'Event date (UTC)', 'Tickets sold', 'Checked in', 'Inside now', 'Not arrived']);
    const londonRow = rows.find((row) => row[0] !== 'Jazz sur la Seine');
    expect(londonRow?.slice(2)).toEqual(['6', '1', '1', '5']);
  });

  it('lists attendees with who bought which ticket, keeping a formula in a name as text', async () => {
    const response = await report(organiser, 'attendees', `eventId=${london.id}&${range()}`);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(response.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const lines = response.body.split('\r\n').filter(Boolean);
    // One valid ticket left of the refunded pair, one card ticket, four TEST tickets (marked).
    expect(lines).toHaveLength(1 + 1 + 1 + 4);
    expect(lines.filter((line) => line.endsWith(',yes'))).toHaveLength(4);
    const scanned = lines.find((line) => line.includes(`,${real[1]?.reference},`))?.split(',');
    expect(scanned?.at(-3)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const notScanned = lines.find((line) => line.includes(`,${real[0]?.reference},`))?.split(',');
    expect(notScanned?.at(-3)).toBe('');
  });

  it('streams an attendee list longer than one read, in order, every ticket once', async () => {
    const d = await kit.door();
    const issued = await kit.tickets(d, 2_300);
    const response = await report(
      d.owner,
      'attendees',
      `eventId=${d.eventId}&dateBy=event&from=${dayFromNow(-1)}&to=${dayFromNow(364)}`,
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const [header, ...rows] = rowsOf(response.body);
    const at = header?.indexOf('Order') ?? -1;
    const references = rows.map((row) => row[at] as string);
    expect(references).toHaveLength(issued.length);
    expect([...references].sort()).toEqual(issued.map((ticket) => ticket.reference).sort());
    expect(references.every((reference, index) => index === 0 || (references[index - 1] as string) <= reference)).toBe(true);

    // A file reads the ids a piece at a time, each piece on from the last id of the one before: the pieces are the
    // whole list, in order, once.
    const scope = {
      organizationId: d.owner.organizationId,
      query: { dateBy: 'event' as const, from: dayFromNow(-1), to: dayFromNow(364), eventId: d.eventId },
    };
    const whole = (await reportRowIds(db(), 'attendees', scope, 10_000)) ?? '';
    expect(whole.length).toBe(issued.length * idWidth);
    expect(await idsInPieces('attendees', scope, 700)).toBe(whole);
  });

  it('refuses bad ranges with a clear message and changes nothing', async () => {
    const backwards = await report(organiser, 'transactions', `from=${today()}&to=${dayFromNow(-1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ path: 'query.to', message: 'The last day is before the first.' }]);
    const tooLong = await report(organiser, 'transactions', `from=${dayFromNow(-400)}&to=${today()}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].message).toBe('A report covers at most 366 days.');
    expect((await report(organiser, 'ledger', range())).statusCode).toBe(400);
    expect((await report(organiser, 'transactions', 'from=yesterday&to=today')).statusCode).toBe(400);
  });

  it('is closed to door staff (403), other organisations (404) and nobody signed in (401)', async () => {
    const door = await kit.member(organiser, 'door');
    const finance = await kit.member(organiser, 'finance');
    const asMember = (person: { bearer: Record<string, string> }) => ({
      organizationId: organiser.organizationId,
      bearer: person.bearer,
    });
    for (const kind of ['transactions', 'sales-by-type', 'checkins', 'attendees']) {
      expect((await report(asMember(door), kind, range())).statusCode).toBe(403);
      expect((await report(asMember(finance), kind, range())).statusCode).toBe(200);
      const other = await verifiedOrganizer(api.app, db(), 'Rival Ledgers');
      expect((await report(asMember(other), kind, range())).statusCode).toBe(404);
      expect((await report(other, kind, `eventId=${london.id}&${range()}`)).statusCode).toBe(404);
      expect((await report({ organizationId: organiser.organizationId, bearer: {} }, kind, range())).statusCode).toBe(401);
    }
  });

  it('downloads the same report as an XLSX workbook: the CSV’s rows, figures as numbers, a formula in a name as text', async () => {
    const query = `eventId=${london.id}&${range()}`;
    const csv = rowsOf((await report(organiser, 'attendees', query)).body);
    const response = await report(organiser, 'attendees', `${query}&format=xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(xlsxType);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="attendees-${today()}-to-${today()}.xlsx"`);
    const sheet = sheetOf(response.rawPayload);
    expect(sheet.rows).toHaveLength(csv.length);
    expect(sheet.rows[0]).toEqual(csv[0]);
    expect(sheet.formulas).toBe(false);
    const evil = '=HYPERLINK("http://evil.test","x")';
    expect(sheet.rows.filter((row) => row.includes(evil))).toHaveLength(1);

    const transactions = rowsOf((await report(organiser, 'transactions', range())).body);
    const workbook = sheetOf((await report(organiser, 'transactions', `${range()}&format=xlsx`)).rawPayload);
    expect(workbook.rows).toHaveLength(transactions.length);
    expect(workbook.rows[0]).toEqual(transactions[0]);
    expect(workbook.rows.slice(1).map((row) => row[6])).toEqual(transactions.slice(1).map((row) => Number(row[6])));
    expect(workbook.rows.slice(1).map((row) => row[0])).toEqual(transactions.slice(1).map((row) => row[0]));
  });

  it('refuses an unknown file format, and keeps the XLSX to the CSV’s roles', async () => {
    const pdf = await report(organiser, 'attendees', `${range()}&format=pdf`);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors).toEqual([{ path: 'query.format', message: 'Choose csv or xlsx.' }]);
    const manager = { organizationId: organiser.organizationId, bearer: (await kit.member(organiser, 'manager')).bearer };
    const door = { organizationId: organiser.organizationId, bearer: (await kit.member(organiser, 'door')).bearer };
    for (const [caller, kind] of [
      [manager, 'transactions'],
      [door, 'attendees'],
    ] as const) {
      const asCsv = await report(caller, kind, range());
      const asXlsx = await report(caller, kind, `${range()}&format=xlsx`);
      expect(asXlsx.statusCode).toBe(403);
      expect(asXlsx.json()).toEqual(asCsv.json());
    }
    expect((await report(manager, 'attendees', `${range()}&format=xlsx`)).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document with both file types and the format', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const file = document.paths['/api/organizations/{organizationId}/reports/{report}'].get;
    expect(file.responses['200'].content).toEqual({
      'text/csv; charset=utf-8': { schema: { type: 'string' } },
      [xlsxType]: { schema: { type: 'string', format: 'binary' } },
    });
    const format = (file.parameters as { name: string; in: string; schema: { enum?: string[] } }[]).find(
      (parameter) => parameter.in === 'query' && parameter.name === 'format',
    );
    expect(format?.schema.enum).toEqual(['csv', 'xlsx']);
  });
});
