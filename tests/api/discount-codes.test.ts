import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import {
  eventOnSale,
  heldOrder,
  lapseHold,
  lineAddress,
  type OrderView,
  orderBody,
  paySandbox,
  placeOrder,
} from '../fixtures/orders.ts';
import { teamMember } from '../fixtures/team.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Organiser = Awaited<ReturnType<typeof eventOnSale>>['organiser'];

const codesUrl = (eventId: string) => `/api/events/${eventId}/discount-codes`;

async function newCode(app: FastifyInstance, organiser: Organiser, eventId: string, body: Record<string, unknown>) {
  const created = await app.inject({ method: 'POST', url: codesUrl(eventId), headers: organiser.bearer, payload: body });
  if (created.statusCode !== 201) throw new Error(`code not created: ${created.body}`);
  return created.json().data as { id: string; code: string; uses: number };
}

async function codeRow(organiser: Organiser, eventId: string, codeId: string) {
  const list = await api.app.inject({ method: 'GET', url: `${codesUrl(eventId)}?pageSize=200`, headers: organiser.bearer });
  return (list.json().data.items as { id: string; uses: number; paidOrders: number; revenue: number; discounted: number }[]).find(
    (item) => item.id === codeId,
  );
}

/** A published event with Standard (£15, 100) and VIP (£45, 10), and a hidden Crew type (£5, 20). */
async function eventWithHiddenType() {
  return eventOnSale(api.app, api.database.db, {
    ticketTypes: [
      { name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 },
      { name: 'VIP', price: 4500, currency: 'GBP', capacity: 10, maxPerOrder: 2 },
      { name: 'Crew', price: 500, currency: 'GBP', capacity: 20, hidden: true },
    ],
  });
}

describe('an organiser’s codes', () => {
  it('are made, listed, changed, archived and deleted by the event’s owner, each change in the audit log', async () => {
    const { organiser, event } = await eventWithHiddenType();
    const code = await newCode(api.app, organiser, event.id, { code: 'spring-10', kind: 'percent', value: 10 });
    expect(code.code).toBe('SPRING-10');
    const again = await api.app.inject({
      method: 'POST',
      url: codesUrl(event.id),
      headers: organiser.bearer,
      payload: { code: 'SPRING-10', kind: 'percent', value: 20 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ path: 'body.code' });

    const changed = await api.app.inject({
      method: 'PUT',
      url: `${codesUrl(event.id)}/${code.id}`,
      headers: organiser.bearer,
      payload: { kind: 'percent', value: 15, maxUses: 5, archived: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ value: 15, maxUses: 5, archived: false });
    const archived = await api.app.inject({
      method: 'PUT',
      url: `${codesUrl(event.id)}/${code.id}`,
      headers: organiser.bearer,
      payload: { kind: 'percent', value: 15, archived: true },
    });
    expect(archived.json().data.archived).toBe(true);
    const listed = await api.app.inject({ method: 'GET', url: `${codesUrl(event.id)}?archived=true`, headers: organiser.bearer });
    expect(listed.json().data.items.map((item: { code: string }) => item.code)).toEqual(['SPRING-10']);
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `${codesUrl(event.id)}/${code.id}`,
      headers: organiser.bearer,
    });
    expect(deleted.statusCode).toBe(200);

    const actions = await api.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', code.id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'discount_code.created',
      'discount_code.changed',
      'discount_code.archived',
      'discount_code.deleted',
    ]);
  });

  it('answer bad settings with a sentence naming the field, and save nothing', async () => {
    const { organiser, event, types } = await eventWithHiddenType();
    const standard = types.find((type) => type.name === 'Standard')?.id as string;
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'BIG', kind: 'percent', value: 120 }, 'body.value'],
      [{ code: 'NOVALUE', kind: 'amount' }, 'body.value'],
      [{ code: 'PERORDER', kind: 'percent', value: 10, perOrder: true }, 'body.perOrder'],
      [{ code: 'UNLOCKS', kind: null, unlocksTicketTypeIds: [standard] }, 'body.unlocksTicketTypeIds'],
      [{ code: 'x', kind: 'percent', value: 10 }, 'body.code'],
      [{ code: 'NOTHING', kind: null }, 'body.kind'],
    ];
    for (const [body, path] of cases) {
      const answer = await api.app.inject({ method: 'POST', url: codesUrl(event.id), headers: organiser.bearer, payload: body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const list = await api.app.inject({ method: 'GET', url: codesUrl(event.id), headers: organiser.bearer });
    expect(list.json().data.total).toBe(0);
  });

  it('are for the event’s owners and managers only: door staff get 403, other organisers 404', async () => {
    const { organiser, event } = await eventWithHiddenType();
    const door = await teamMember(api.app, api.database.db, organiser, 'door');
    const stranger = await signedInAccount(api.app, api.database.db, { userType: 'organiser', organizationName: 'Elsewhere' });
    const body = { code: 'STAFF', kind: 'percent', value: 50 };
    expect(
      (await api.app.inject({ method: 'POST', url: codesUrl(event.id), headers: door.bearer, payload: body })).statusCode,
    ).toBe(403);
    expect(
      (await api.app.inject({ method: 'POST', url: codesUrl(event.id), headers: stranger.bearer, payload: body })).statusCode,
    ).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: codesUrl(event.id) })).statusCode).toBe(401);
  });

  it('are generated many at once, unique, and imported from CSV with the lines that were not', async () => {
    const { organiser, event } = await eventWithHiddenType();
    const generated = await api.app.inject({
      method: 'POST',
      url: `${codesUrl(event.id)}/generate`,
      headers: organiser.bearer,
      payload: { prefix: 'partner', count: 500, kind: 'amount', value: 200, maxUses: 1 },
    });
    expect(generated.statusCode).toBe(201);
    const codes = generated.json().data.codes as string[];
    expect(codes).toHaveLength(500);
    expect(new Set(codes).size).toBe(500);
    expect(codes.every((code) => /^PARTNER-[A-HJ-NP-Z2-9]{8}$/.test(code))).toBe(true);

    const imported = await api.app.inject({
      method: 'POST',
      url: `${codesUrl(event.id)}/import`,
      headers: organiser.bearer,
      payload: {
        csv: `code\nFRIENDS-1\nfriends-2,extra\n${codes[0]}\nFRIENDS-1\nno spaces allowed\n`,
        kind: 'percent',
        value: 25,
      },
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().data).toMatchObject({
      created: 2,
      skipped: [
        { line: 4, reason: 'This event has this code already.' },
        { line: 5, reason: 'The file has this code twice.' },
        { line: 6 },
      ],
    });
    const list = await api.app.inject({ method: 'GET', url: `${codesUrl(event.id)}?search=friends`, headers: organiser.bearer });
    expect(
      list
        .json()
        .data.items.map((item: { code: string }) => item.code)
        .sort(),
    ).toEqual(['FRIENDS-1', 'FRIENDS-2']);
  });
});

describe('a buyer with a code', () => {
  it('learns what it does, or a sentence saying why it cannot be used', async () => {
    const { organiser, event, types } = await eventWithHiddenType();
    const standard = types.find((type) => type.name === 'Standard')?.id as string;
    await newCode(api.app, organiser, event.id, { code: 'TENOFF', kind: 'percent', value: 10, ticketTypeIds: [standard] });
    await newCode(api.app, organiser, event.id, { code: 'LATER', kind: 'percent', value: 10, startsAt: '2099-01-01T00:00:00Z' });
    await newCode(api.app, organiser, event.id, { code: 'GONE', kind: 'percent', value: 10, endsAt: '2020-01-01T00:00:00Z' });
    const check = (code: string) => api.app.inject({ method: 'GET', url: `/api/events/${event.id}/code?code=${code}` });
    const ok = await check('tenoff');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ code: 'TENOFF', summary: '10% off Standard tickets', unlocked: [] });
    expect((await check('LATER')).json().message).toBe('That code cannot be used yet.');
    expect((await check('GONE')).json().message).toBe('That code has expired.');
    const unknown = await check('NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That is not a code for this event. Check its spelling.');
  });

  it('pays the discounted price, the booking fee priced on it, and sees the discount on the order', async () => {
    const { organiser, event, types } = await eventWithHiddenType();
    const standard = types.find((type) => type.name === 'Standard')?.id as string;
    const vip = types.find((type) => type.name === 'VIP')?.id as string;
    const code = await newCode(api.app, organiser, event.id, {
      code: 'TENOFF',
      kind: 'percent',
      value: 10,
      ticketTypeIds: [standard],
    });
    const plain = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard, quantity: 2 }]));
    const order = await heldOrder(api.app, {
      ...orderBody(event.id, [
        { ticketTypeId: standard, quantity: 2 },
        { ticketTypeId: vip, quantity: 1 },
      ]),
      code: ' tenoff ',
    });
    const items = new Map(order.items.map((item) => [item.ticketTypeId, item]));
    expect(items.get(standard)?.unitPrice).toBe(1350);
    expect(items.get(vip)?.unitPrice).toBe(4500);
    expect(order).toMatchObject({ subtotal: 2 * 1350 + 4500, discount: 300, discountCode: 'TENOFF' });
    // The fee is priced on what the buyer pays: never more than without the code.
    expect(items.get(standard)?.unitFee).toBeLessThanOrEqual(plain.items[0]?.unitFee as number);
    expect(order.total).toBe(order.subtotal + order.bookingFee);

    expect((await paySandbox(api.app, order)).statusCode).toBe(200);
    expect(await codeRow(organiser, event.id, code.id)).toMatchObject({ uses: 1, paidOrders: 1, discounted: 300 });
    const csv = await api.app.inject({ method: 'GET', url: `${codesUrl(event.id)}/export`, headers: organiser.bearer });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[1]).toBe('TENOFF,10% off Standard tickets,1,,,,,1,72.00,3.00,no,');

    const day = new Date().toISOString().slice(0, 10);
    const report = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/reports/discount-codes/rows?from=${day}&to=${day}&dateBy=payment`,
      headers: organiser.bearer,
    });
    expect(report.statusCode).toBe(200);
    const rows = report.json().data.rows as string[][];
    const headers = report.json().data.columns.map((column: { header: string }) => column.header);
    expect(Object.fromEntries(headers.map((header: string, index: number) => [header, rows[0]?.[index]]))).toMatchObject({
      Code: 'TENOFF',
      'Orders paid': '1',
      Tickets: '3',
      'Ticket sales': '72.00',
      'Discount given': '3.00',
      Test: 'yes',
    });
  });

  it('is refused with a sentence when the code does not fit the order, and nothing is held', async () => {
    const { organiser, event, types } = await eventWithHiddenType();
    const standard = types.find((type) => type.name === 'Standard')?.id as string;
    const vip = types.find((type) => type.name === 'VIP')?.id as string;
    await newCode(api.app, organiser, event.id, { code: 'VIPONLY', kind: 'amount', value: 500, ticketTypeIds: [vip] });
    await newCode(api.app, organiser, event.id, { code: 'GROUP4', kind: 'percent', value: 20, minQuantity: 4 });
    const refused = async (code: string, quantity: number) => {
      const answer = await placeOrder(api.app, { ...orderBody(event.id, [{ ticketTypeId: standard, quantity }]), code });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().errors[0].path).toBe('body.code');
      return answer.json().message as string;
    };
    expect(await refused('VIPONLY', 1)).toBe('That code is not for the tickets you chose.');
    expect(await refused('GROUP4', 3)).toBe('That code needs more tickets in the order.');
    const unknown = await placeOrder(api.app, {
      ...orderBody(event.id, [{ ticketTypeId: standard, quantity: 1 }]),
      code: 'WHAT',
    });
    expect(unknown.statusCode).toBe(404);
    const held = await api.database.db.selectFrom('orders').select('id').where('event_id', '=', event.id).execute();
    expect(held).toEqual([]);
    const group = await heldOrder(api.app, { ...orderBody(event.id, [{ ticketTypeId: standard, quantity: 4 }]), code: 'GROUP4' });
    expect(group.subtotal).toBe(4 * 1200);
  });

  it('sees and buys a hidden ticket type the code shows; without the code it stays hidden', async () => {
    const { organiser, event, types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [
        { name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 },
        { name: 'Crew', price: 500, currency: 'GBP', capacity: 20, hidden: true },
      ],
    });
    expect(types.map((type) => type.name)).toEqual(['Standard']);
    const editor = await api.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: organiser.bearer });
    const crew = (editor.json().data.ticketTypes as { id: string; name: string }[]).find((type) => type.name === 'Crew')
      ?.id as string;
    await newCode(api.app, organiser, event.id, { code: 'CREW', kind: null, unlocksTicketTypeIds: [crew] });
    const withoutCode = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: crew, quantity: 1 }]));
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json().message).toBe('That is not a ticket type of this event.');

    const check = await api.app.inject({ method: 'GET', url: `/api/events/${event.id}/code?code=crew` });
    expect(check.json().data).toMatchObject({
      summary: 'Shows Crew tickets',
      unlocked: [{ id: crew, name: 'Crew', price: 500 }],
    });
    const order = await heldOrder(api.app, { ...orderBody(event.id, [{ ticketTypeId: crew, quantity: 2 }]), code: 'CREW' });
    expect(order).toMatchObject({ subtotal: 1000, discount: 0, discountCode: 'CREW' });
  });

  it('with a 100% code gets a free order under the free-order rules: a guest proves their email first', async () => {
    const { organiser, event, types } = await eventWithHiddenType();
    const standard = types.find((type) => type.name === 'Standard')?.id as string;
    await newCode(api.app, organiser, event.id, { code: 'COMP', kind: 'percent', value: 100 });
    const order = await heldOrder(api.app, { ...orderBody(event.id, [{ ticketTypeId: standard, quantity: 2 }]), code: 'COMP' });
    expect(order).toMatchObject({ total: 0, bookingFee: 0, discount: 3000, status: 'pending', paymentUrl: null });
    expect((order as OrderView & { awaitingEmailCode: boolean }).awaitingEmailCode).toBe(true);
  });

  it('gives its use back when the hold lapses unpaid, and stops at its uses per buyer', async () => {
    const { organiser, event, types } = await eventWithHiddenType();
    const standard = types.find((type) => type.name === 'Standard')?.id as string;
    const code = await newCode(api.app, organiser, event.id, { code: 'ONCE', kind: 'percent', value: 50, maxUsesPerBuyer: 1 });
    const buyer = { name: 'Ada Lovelace', email: 'ada.once@example.com' };
    const first = await heldOrder(api.app, {
      ...orderBody(event.id, [{ ticketTypeId: standard, quantity: 1 }], buyer),
      code: 'ONCE',
    });
    const second = await placeOrder(api.app, {
      ...orderBody(event.id, [{ ticketTypeId: standard, quantity: 1 }], buyer),
      code: 'ONCE',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You have used that code as many times as one buyer can.');
    expect((await codeRow(organiser, event.id, code.id))?.uses).toBe(1);

    await lapseHold(api.database.db, first.id);
    const expired = await api.app.inject({ method: 'GET', url: `/api/orders/${first.id}?token=${first.accessToken}` });
    expect(expired.json().data.status).toBe('expired');
    expect((await codeRow(organiser, event.id, code.id))?.uses).toBe(0);
    const again = await placeOrder(
      api.app,
      { ...orderBody(event.id, [{ ticketTypeId: standard, quantity: 1 }], buyer), code: 'ONCE' },
      { remoteAddress: lineAddress(7) },
    );
    expect(again.statusCode).toBe(201);
  });
});
