import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanDataPage, scanDataTicketRows } from '../../src/contract/scan-data.ts';
import { formatShortTicketCode } from '../../src/contract/short-ticket-code.ts';
import { verifyTicketCode } from '../../src/contract/ticket-code.ts';
import { decideLocally } from '../../src/features/checkins/engine/local-decision.ts';
import { Manifest } from '../../src/features/checkins/engine/manifest.ts';
import { scanAtDoor } from '../fixtures/door.ts';
import { inDays } from '../fixtures/events.ts';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// A buyer passes a ticket on or corrects its holder's name, where the organiser allows (decision 069): the old code
// stops working at the door (online at once, offline after the next download), the new holder gets a new one by mail.

let api: TestApi;
const db = () => api.database.db;
type Headers = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const withToken = (order: OrderView, path = '') => `/orders/${order.id}${path}?token=${order.accessToken ?? ''}`;
const read = async (order: OrderView) => (await call('GET', withToken(order))).json().data;
type Ticket = OrderView['tickets'][number] & { version: number };
const transfer = (order: OrderView, ticket: { id: string }, payload: object) =>
  call('POST', withToken(order, `/tickets/${ticket.id}/transfer`), {}, payload);
const rename = (order: OrderView, ticket: { id: string }, payload: object) =>
  call('POST', withToken(order, `/tickets/${ticket.id}/holder-name`), {}, payload);
const ada = { holderName: 'Ada Byron', holderEmail: 'Ada.Byron@example.com', version: 0 };

let lines = 700;
/** A paid sandbox order of `quantity` tickets on an event in test mode (so the door admits its TEST tickets). */
async function paidOrder(quantity = 2, overrides: Record<string, unknown> = {}) {
  const sale = await eventOnSale(api.app, db(), { testMode: true, ...overrides });
  const typeId = (sale.types[0] as { id: string }).id;
  lines += 1;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]), {}, lineAddress(lines));
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  return { order: { ...(await read(order)), accessToken: order.accessToken } as OrderView, ...sale };
}

async function download(eventId: string, owner: Headers, since?: string): Promise<ScanDataPage> {
  const response = await call('GET', `/events/${eventId}/scan-data?limit=1000${since ? `&since=${since}` : ''}`, owner);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const mailTo = (address: string, subject: string) =>
  db()
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('to_address', '=', address)
    .where('subject', 'like', `%${subject}%`)
    .execute();

describe('passing a ticket on', () => {
  it('gives the new holder a new code by mail; the old one is refused online at once and offline after the next download', async () => {
    const { order, event, organiser } = await paidOrder(2);
    const [given, kept] = order.tickets as [Ticket, Ticket];
    expect(order.ticketChanges).toMatchObject({ ticketIds: [given.id, kept.id], note: null, history: [] });
    expect(given.version).toBe(0);
    // A door device downloads the event before the transfer.
    const before = await download(event.id, organiser.bearer);

    const response = await transfer(order, given, ada);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json().data;
    const now = after.tickets.find((ticket: Ticket) => ticket.id === given.id) as Ticket;
    expect(now).toMatchObject({ holderName: 'Ada Byron', holderEmail: 'ada.byron@example.com', status: 'valid', version: 1 });
    expect(now.code).not.toBe(given.code);
    expect(now.shortCode).not.toBe(given.shortCode);
    expect(after.tickets.find((ticket: Ticket) => ticket.id === kept.id)).toMatchObject({ code: kept.code, version: 0 });
    expect(after.ticketChanges.history).toEqual([
      expect.objectContaining({ ticketId: given.id, kind: 'transfer', fromName: given.holderName, toName: 'Ada Byron' }),
    ]);
    // No money moves.
    expect(after).toMatchObject({ status: 'paid', refunded: 0, total: order.total });

    // The door's next download carries the new code's start, short code and holder; offline, the old code is refused.
    const changes = await download(event.id, organiser.bearer, before.syncedAt);
    const row = scanDataTicketRows(changes).find((one) => one.id === given.id);
    expect(row).toMatchObject({ holderName: 'Ada Byron', shortCode: now.shortCode, codeStart: now.code?.slice(3, 8) });
    const manifest = new Manifest(event.id);
    manifest.keys = before.keys.map((key) => key.publicKey);
    manifest.testMode = true;
    manifest.applyPage(before);
    manifest.applyPage(changes);
    const offline = (code: string) => decideLocally(code, manifest.knowledge(), verifyTicketCode);
    expect(await offline(given.code as string)).toMatchObject({ result: 'voided', ticketId: given.id });
    expect(await offline(given.shortCode as string)).toMatchObject({ result: 'invalid' });
    expect(await offline(now.code as string)).toMatchObject({ result: 'valid', ticket: { holderName: 'Ada Byron' } });
    expect(await offline(now.shortCode as string)).toMatchObject({ result: 'valid' });

    // Online: the old code and short code refused, the new code admitted.
    expect(await scanAtDoor(api.app, event.id, organiser.bearer, given.code as string)).toBe('voided');
    expect(await scanAtDoor(api.app, event.id, organiser.bearer, given.shortCode as string)).toBe('invalid');
    expect(await scanAtDoor(api.app, event.id, organiser.bearer, now.code as string)).toBe('valid');

    // The new holder has the ticket by mail with its short code; the buyer has a record of it.
    const [received] = await mailTo('ada.byron@example.com', 'passed you a ticket');
    expect(received?.text_body).toContain(formatShortTicketCode(now.shortCode as string));
    expect(received?.text_body).not.toContain(formatShortTicketCode(given.shortCode as string));
    const [record] = await mailTo(after.buyer.email, 'was passed on');
    expect(record?.text_body).toContain('Ada Byron (ada.byron@example.com)');
    expect(record?.text_body).toContain('No money moved');

    // The organiser sees who holds it and who held it before.
    const organiserView = await call('GET', `/organizations/${organiser.organizationId}/orders/${order.id}`, organiser.bearer);
    expect(organiserView.json().data.tickets[0]).toMatchObject({ holderName: 'Ada Byron', holderEmail: 'ada.byron@example.com' });
    expect(organiserView.json().data.ticketChanges.history).toHaveLength(1);
    const audit = await db().selectFrom('audit_log').select('action').where('subject_id', '=', given.id).execute();
    expect(audit.map((entry) => entry.action)).toEqual(['ticket.transferred']);

    // Checked in now: it can no longer change holder.
    const checkedIn = await transfer(order, now, { ...ada, holderName: 'Someone Else', version: 1 });
    expect(checkedIn.statusCode).toBe(409);
    expect(checkedIn.json().message).toContain('checked in');
  });

  it('lets one of two transfers of a ticket made from the same view win', async () => {
    const { order } = await paidOrder(1);
    const [ticket] = order.tickets as [Ticket];
    const racing = await Promise.all([
      transfer(order, ticket, ada),
      transfer(order, ticket, { holderName: 'Alan Turing', holderEmail: 'alan@example.com', version: 0 }),
    ]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const rows = await db().selectFrom('ticket_transfers').select('to_name').where('order_id', '=', order.id).execute();
    expect(rows).toHaveLength(1);
    const now = (await read(order)).tickets[0];
    expect(now).toMatchObject({ holderName: rows[0]?.to_name, version: 1 });
  });

  it('corrects a name without changing the codes, and refuses bad or unchanged input without changing anything', async () => {
    const { order } = await paidOrder(1);
    const [ticket] = order.tickets as [Ticket];
    const renamed = await rename(order, ticket, { holderName: 'Grace B. Hopper', version: 0 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.tickets[0]).toMatchObject({
      holderName: 'Grace B. Hopper',
      code: ticket.code,
      shortCode: ticket.shortCode,
      version: 1,
    });
    expect(renamed.json().data.ticketChanges.history[0]).toMatchObject({ kind: 'rename', toName: 'Grace B. Hopper' });

    const same = await rename(order, ticket, { holderName: 'Grace B. Hopper', version: 1 });
    expect(same.statusCode).toBe(409);
    expect(same.json().errors[0].path).toBe('body.holderName');
    const stale = await rename(order, ticket, { holderName: 'Grace Hopper', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed since you opened it');

    for (const [payload, path] of [
      [{ ...ada, holderEmail: 'not an address', version: 1 }, 'body.holderEmail'],
      [{ ...ada, holderName: '  ', version: 1 }, 'body.holderName'],
      [{ ...ada, holderName: 'x'.repeat(121), version: 1 }, 'body.holderName'],
      [{ holderName: 'Ada Byron', version: 1 }, 'body.holderEmail'],
      [{ ...ada, version: -1 }, 'body.version'],
    ] as const) {
      const refused = await transfer(order, ticket, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect((await read(order)).tickets[0]).toMatchObject({ holderName: 'Grace B. Hopper', code: ticket.code, version: 1 });
  });

  it('is refused where the organiser does not allow it, after the cutoff, on refunded tickets and past five changes', async () => {
    const off = await paidOrder(1, { transferCutoffHours: null });
    expect(off.order.ticketChanges).toMatchObject({ ticketIds: [], note: expect.stringContaining('does not let') });
    const refusedOff = await transfer(off.order, off.order.tickets[0] as Ticket, ada);
    expect(refusedOff.statusCode).toBe(409);
    expect(refusedOff.json().message).toContain('does not let');

    // Starts in 1 day; changes closed 48 hours before the start.
    const late = await paidOrder(1, { transferCutoffHours: 48, startsAt: inDays(1), endsAt: inDays(1, 23) });
    expect(late.order.ticketChanges?.note).toMatch(/^Tickets could change holder until /);
    expect((await transfer(late.order, late.order.tickets[0] as Ticket, ada)).statusCode).toBe(409);

    const { order, organiser } = await paidOrder(2);
    const [refunded, worn] = order.tickets as [Ticket, Ticket];
    const refund = await call(
      'POST',
      `/orders/${order.id}/refunds`,
      { ...organiser.bearer, 'idempotency-key': randomUUID() },
      { ticketIds: [refunded.id], reason: 'Asked to.' },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await transfer(order, refunded, ada)).statusCode).toBe(409);

    for (let version = 0; version < 5; version += 1) {
      const step = await rename(order, worn, { holderName: `Holder ${version + 1}`, version });
      expect(step.statusCode, step.body).toBe(200);
    }
    const sixth = await transfer(order, worn, { ...ada, version: 5 });
    expect(sixth.statusCode).toBe(409);
    expect((await read(order)).ticketChanges).toMatchObject({ ticketIds: [], note: expect.stringContaining('five times') });
  });

  it('is for the buyer alone: no key, a wrong key or someone else’s ticket finds nothing', async () => {
    const { order } = await paidOrder(1);
    const other = await paidOrder(1);
    const [ticket] = order.tickets as [Ticket];
    const path = `/orders/${order.id}/tickets/${ticket.id}/transfer`;
    expect((await call('POST', path, {}, ada)).statusCode).toBe(404);
    expect((await call('POST', `${path}?token=${other.order.accessToken}`, {}, ada)).statusCode).toBe(404);
    const foreign = await transfer(order, other.order.tickets[0] as Ticket, ada);
    expect(foreign.statusCode).toBe(404);
    expect((await read(other.order)).tickets[0]).toMatchObject({ version: 0 });
  });
});
