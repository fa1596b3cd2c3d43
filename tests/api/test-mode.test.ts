import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanDataPage, scanDataTicketRows } from '../../src/contract/scan-data.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventOnSale } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import { type BulkTicket, bulkTickets } from '../fixtures/tickets.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
type Bearer = Record<string, string>;
type Method = 'GET' | 'POST' | 'PATCH';

const call = (method: Method, url: string, bearer: Bearer = {}, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers: bearer, ...(payload ? { payload } : {}) });

async function member(organizationId: string, role: 'manager' | 'finance' | 'door') {
  const account = await signedInAccount(api.app, db(), { firstName: 'Dora', lastName: 'Door' });
  await db()
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: account.user.id as string, role })
    .execute();
  return account;
}

/** An event on sale, its door staff, and TEST tickets (paid in the sandbox) beside real ones. */
async function door(overrides: Record<string, unknown> = {}) {
  const { organiser, event, types } = await eventOnSale(api.app, db(), overrides);
  const sell = (count: number, options: Partial<Parameters<typeof bulkTickets>[1]> = {}) =>
    bulkTickets(db(), { eventId: event.id, ticketTypeIds: types.map((type) => type.id), count, ...options });
  return { organiser, eventId: event.id, staff: await member(organiser.organizationId, 'door'), sell };
}
type Door = Awaited<ReturnType<typeof door>>;

const scan = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  deviceId: 'door-device-1',
  clientScanId: randomUUID(),
  scannedAt: new Date().toISOString(),
  ...extra,
});

async function checkIn(d: Door, body: object) {
  const response = await call('POST', `/events/${d.eventId}/checkins`, d.staff.bearer, body);
  if (response.statusCode !== 200) throw new Error(`check-in answered ${response.statusCode}: ${response.body}`);
  return {
    message: response.json().message as string,
    ...(response.json().data as { result: string; ticket: { test: boolean } }),
  };
}

async function upload(d: Door, scans: object[]) {
  const response = await call('POST', `/events/${d.eventId}/checkins/batch`, d.staff.bearer, { scans });
  if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  return response.json().data.results as { result: string; ticket: { test: boolean } | null }[];
}

async function scanData(d: Door): Promise<ScanDataPage> {
  const response = await call('GET', `/events/${d.eventId}/scan-data`, d.staff.bearer);
  if (response.statusCode !== 200) throw new Error(`scan-data answered ${response.statusCode}: ${response.body}`);
  return response.json().data as ScanDataPage;
}

const admitted = async (tickets: BulkTicket[]) =>
  db()
    .selectFrom('ticket_admissions')
    .select('ticket_id')
    .where(
      'ticket_id',
      'in',
      tickets.map((ticket) => ticket.id),
    )
    .execute();

const saleVersion = async (eventId: string) =>
  (await db().selectFrom('events').select('sale_version').where('id', '=', eventId).executeTakeFirstOrThrow()).sale_version;

describe('an event’s test mode', () => {
  it('starts off, may be set at creation, and is switched by owners and managers only; bad values are refused', async () => {
    const { organiser, event } = await eventOnSale(api.app, db());
    expect((await call('GET', `/events/${event.id}`)).json().data.testMode).toBe(false);
    const rehearsal = await eventOnSale(api.app, db(), { testMode: true });
    expect((await call('GET', `/events/${rehearsal.event.id}`)).json().data.testMode).toBe(true);

    const manager = await member(organiser.organizationId, 'manager');
    const on = await call('PATCH', `/events/${event.id}`, manager.bearer, { testMode: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.testMode).toBe(true);
    const listed = await call('GET', `/organizations/${organiser.organizationId}/events`, organiser.bearer);
    expect(listed.json().data.items.find((item: { id: string }) => item.id === event.id)?.testMode).toBe(true);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['details'])
      .where('subject_id', '=', event.id)
      .where('action', '=', 'event.changed')
      .execute();
    expect(audit.map((row) => (typeof row.details === 'string' ? JSON.parse(row.details) : row.details))).toEqual([
      { testMode: true },
    ]);

    for (const role of ['door', 'finance'] as const) {
      const someone = await member(organiser.organizationId, role);
      expect((await call('PATCH', `/events/${event.id}`, someone.bearer, { testMode: false })).statusCode).toBe(403);
    }
    const rival = await eventOnSale(api.app, db());
    expect((await call('PATCH', `/events/${event.id}`, rival.organiser.bearer, { testMode: false })).statusCode).toBe(404);
    const bad = await call('PATCH', `/events/${event.id}`, organiser.bearer, { testMode: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path)).toEqual(['body.testMode']);

    const off = await call('PATCH', `/events/${event.id}`, organiser.bearer, { testMode: false });
    expect(off.json().data.testMode).toBe(false);
  });

  it('leaves what a sale is priced with alone: switching it keeps the sale version, other changes move it', async () => {
    const { organiser, event } = await eventOnSale(api.app, db());
    const before = await saleVersion(event.id);
    await call('PATCH', `/events/${event.id}`, organiser.bearer, { testMode: true });
    await call('PATCH', `/events/${event.id}`, organiser.bearer, { testMode: false });
    expect(await saleVersion(event.id)).toBe(before);
    await call('PATCH', `/events/${event.id}`, organiser.bearer, { testMode: true, title: 'Rehearsal night' });
    expect(await saleVersion(event.id)).toBeGreaterThan(before);
  });
});

describe('TEST tickets at the door', () => {
  it('are refused at an event not in test mode, online, by hand and in an upload, with a verdict of their own', async () => {
    const d = await door();
    const [online, byHand, offline] = (await d.sell(3, { provider: 'sandbox', maxPerOrder: 1 })) as BulkTicket[] as [
      BulkTicket,
      BulkTicket,
      BulkTicket,
    ];
    const [real] = (await d.sell(1)) as [BulkTicket];

    expect(await checkIn(d, scan(online.code))).toMatchObject({
      message: 'TEST ticket — not valid for entry.',
      result: 'test_ticket',
      ticket: { id: online.id, test: true },
    });
    expect((await checkIn(d, scan(byHand.id, { manual: true }))).result).toBe('test_ticket');
    const [uploaded] = await upload(d, [scan(offline.code, { offlineResult: 'valid' })]);
    expect(uploaded).toMatchObject({ result: 'test_ticket', ticket: { test: true } });
    expect(await admitted([online, byHand, offline])).toEqual([]);

    expect(await checkIn(d, scan(real.code))).toMatchObject({ result: 'valid', ticket: { test: false } });
  });

  it('are refused as voided or unpaid when they are, whatever the event’s test mode', async () => {
    const d = await door({ testMode: true });
    const [unpaid] = (await d.sell(1, { provider: 'sandbox', orderStatus: 'pending' })) as [BulkTicket];
    const [voided] = (await d.sell(1, { provider: 'sandbox' })) as [BulkTicket];
    await db().updateTable('tickets').set({ status: 'voided', voided_at: new Date() }).where('id', '=', voided.id).execute();
    expect((await checkIn(d, scan(unpaid.code))).result).toBe('unpaid');
    expect((await checkIn(d, scan(voided.code))).result).toBe('voided');
  });

  it('come in at an event in test mode, marked TEST, and only once', async () => {
    const d = await door({ testMode: true });
    const [first, second] = (await d.sell(2, { provider: 'sandbox', maxPerOrder: 1 })) as [BulkTicket, BulkTicket];
    expect(await checkIn(d, scan(first.code))).toMatchObject({ result: 'valid', ticket: { id: first.id, test: true } });
    expect((await checkIn(d, scan(first.code))).result).toBe('already_used');
    const [uploaded] = await upload(d, [scan(second.code, { offlineResult: 'valid' })]);
    expect(uploaded).toMatchObject({ result: 'valid', ticket: { test: true } });
  });

  it('are told apart in the scan data with the event’s test mode, which reaches the door when it changes', async () => {
    const d = await door();
    const test = await d.sell(3, { provider: 'sandbox' });
    const real = await d.sell(2);
    const page = await scanData(d);
    expect(page.event.testMode).toBe(false);
    const rows = new Map(scanDataTicketRows(page).map((row) => [row.id, row]));
    for (const ticket of test) expect(rows.get(ticket.id)).toMatchObject({ status: 'valid', test: true });
    for (const ticket of real) expect(rows.get(ticket.id)).toMatchObject({ status: 'valid', test: false });
    expect((await checkIn(d, scan((test[0] as BulkTicket).code))).result).toBe('test_ticket');

    await call('PATCH', `/events/${d.eventId}`, d.organiser.bearer, { testMode: true });
    const changes = await scanData(d);
    expect(changes.event.testMode).toBe(true);
    expect(await checkIn(d, scan((test[0] as BulkTicket).code))).toMatchObject({ result: 'valid', ticket: { test: true } });
  });
});
