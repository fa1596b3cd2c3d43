import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPermission } from '../../src/contract/admin.ts';
import { scanDataTicketRows } from '../../src/contract/scan-data.ts';
import { formatShortTicketCode } from '../../src/contract/short-ticket-code.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { type Door, doorKit } from '../fixtures/door.ts';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import type { BulkTicket } from '../fixtures/tickets.ts';

// Decision 052: the short code printed on every ticket, typed at the door when the QR code will not scan.

let api: TestApi;
const db = () => api.database.db;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example' });
}, 60_000);
afterAll(() => api.close());

const { call, door, tickets, deviceId, scan, verdict, scanData, allPages } = doorKit(() => api);

/** How a person might type `K7QMX4PDR` read off a phone: lower case, spaced, O for 0. */
const typedByHand = (code: string) => formatShortTicketCode(code).toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o');

describe('a short code typed at the door, online', () => {
  let d: Door;
  let sold: BulkTicket[];
  beforeAll(async () => {
    d = await door();
    sold = await tickets(d, 4);
  });

  it('admits its ticket once, however it is typed, then says already used', async () => {
    const ticket = sold[0] as BulkTicket;
    const device = deviceId();
    const first = await verdict(d, scan(typedByHand(ticket.shortCode), device));
    expect(first).toMatchObject({
      result: 'valid',
      ticket: { id: ticket.id, holderName: ticket.holderName, orderReference: ticket.reference },
      duplicate: false,
    });
    const again = await verdict(d, scan(formatShortTicketCode(ticket.shortCode), deviceId()));
    expect(again).toMatchObject({ result: 'already_used', ticket: { id: ticket.id }, firstCheckIn: { deviceId: device } });
    // The QR code of the same ticket agrees.
    expect((await verdict(d, scan(ticket.code, deviceId()))).result).toBe('already_used');
  });

  it('refuses another event’s short code, which admits nobody there either', async () => {
    const other = await door();
    const [foreign] = (await tickets(other, 1)) as [BulkTicket];
    expect(await verdict(d, scan(foreign.shortCode, deviceId()))).toMatchObject({ result: 'invalid', ticket: null });
    expect((await verdict(other, scan(foreign.shortCode, deviceId()))).result).toBe('valid');
  });

  it('says voided for a refunded ticket’s short code, and invalid for one no ticket has', async () => {
    const refunded = sold[1] as BulkTicket;
    await db().updateTable('tickets').set({ status: 'voided', voided_at: new Date() }).where('id', '=', refunded.id).execute();
    expect(await verdict(d, scan(refunded.shortCode, deviceId()))).toMatchObject({
      result: 'voided',
      ticket: { id: refunded.id },
    });
    const unused = [...(sold[2] as BulkTicket).shortCode].reverse().join('');
    expect(await verdict(d, scan(unused, deviceId()))).toMatchObject({ result: 'invalid', ticket: null });
  });

  it('is decided by the server when a device uploads it after deciding it offline', async () => {
    const ticket = sold[3] as BulkTicket;
    const device = deviceId();
    await scanData(d, `?deviceId=${device}&limit=1`);
    const upload = await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, {
      scans: [scan(ticket.shortCode, device, { offlineResult: 'valid' })],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data.results[0]).toMatchObject({ result: 'valid', ticket: { id: ticket.id } });
    expect((await verdict(d, scan(ticket.code, deviceId()))).result).toBe('already_used');
  });
});

describe('scan data', () => {
  it('carries every ticket’s short code, for the door to find it offline, at about 6 bytes a ticket', async () => {
    const d = await door();
    const sold = await tickets(d, 2000, { maxPerOrder: 3 });
    const pages = await allPages(d, '', 1000);
    const rows = pages.flatMap((page) => scanDataTicketRows(page));
    const byId = new Map(rows.map((row) => [row.id, row.shortCode]));
    for (const ticket of sold) expect(byId.get(ticket.id)).toBe(ticket.shortCode);

    const page = pages[0] as (typeof pages)[number];
    const gzipped = (value: object) => gzipSync(JSON.stringify(value), { level: 6 }).length;
    const without = gzipped({ ...page, tickets: { ...page.tickets, shortCodes: '' } });
    const perTicket = (gzipped(page) - without) / 1000;
    expect(perTicket).toBeGreaterThan(4);
    expect(perTicket).toBeLessThan(7);
  });
});

describe('a ticket bought and paid', () => {
  it('has a short code on its order page and in its mail, and an administrator finds it by it', async () => {
    const sale = await eventOnSale(api.app, db());
    const typeId = (sale.types[0] as { id: string }).id;
    const body = orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }]);
    const order = await heldOrder(api.app, body, {}, lineAddress(52));
    expect((await paySandbox(api.app, order)).statusCode).toBe(200);
    const read = await api.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.accessToken ?? ''}` });
    const paid = read.json().data as OrderView;
    const codes = paid.tickets.map((ticket) => ticket.shortCode ?? '');
    expect(codes).toEqual([expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{9}$/), expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{9}$/)]);
    expect(new Set(codes).size).toBe(2);

    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['text_body'])
      .where('to_address', '=', body.buyer.email)
      .where('subject', 'like', '%Your tickets%')
      .executeTakeFirstOrThrow();
    for (const code of codes) expect(mail.text_body).toContain(`Code ${formatShortTicketCode(code)}`);

    const admin = await signedInAccount(api.app, db(), { firstName: 'Sam', lastName: 'Search' });
    await db().updateTable('users').set({ is_admin: true }).where('id', '=', admin.authId).execute();
    await groupInDb(db(), ['tickets.void'] as AdminPermission[], [admin.authId]);
    const found = await api.app.inject({
      method: 'GET',
      url: `/api/admin/tickets?q=${encodeURIComponent(typedByHand(codes[1] as string))}`,
      headers: admin.bearer,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.items.map((item: { id: string }) => item.id)).toEqual([paid.tickets[1]?.id]);
  });
});
