import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/contract/dashboard.ts';
import { type Door, doorKit } from '../fixtures/door.ts';
import { heldOrder, lineAddress, newBuyer, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import type { BulkTicket } from '../fixtures/tickets.ts';

// The dashboard reads rollups that triggers keep as orders, tickets, ledger entries and admissions are written
// (migrations 0035 and 0036). Whatever happens to those rows, the rollups must hold what counting the rows gives.

let api: TestApi;
const db = () => api.database.db;
const kit = doorKit(() => api);

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

/** Each rollup summed over its shards, rows of nothing left out, beside the same figures counted from the rows. */
async function rollupsAndRows(eventIds: string[]) {
  const events = sql.join(eventIds.map((id) => sql`${id}::uuid`));
  const read = async (query: ReturnType<typeof sql>) => (await query.execute(db())).rows as Record<string, unknown>[];
  return {
    money: {
      rollup: await read(sql`
        select event_id, to_char(day, 'YYYY-MM-DD') as day, currency, test,
               sum(gross)::text as gross, sum(fees)::text as fees, sum(refunds)::text as refunds, sum(entries)::int as entries
          from event_money_days where event_id in (${events}) group by 1, 2, 3, 4
        having sum(entries) <> 0 order by 1, 2, 3, 4`),
      rows: await read(sql`
        select le.event_id, to_char((le.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, le.currency,
               o.provider = 'sandbox' as test,
               sum(case when le.kind in ('charge', 'booking_fee') then le.amount else 0 end)::text as gross,
               sum(case when le.kind in ('booking_fee', 'booking_fee_refund') then le.amount else 0 end)::text as fees,
               sum(case when le.kind in ('refund', 'booking_fee_refund') then le.amount else 0 end)::text as refunds,
               count(*)::int as entries
          from ledger_entries le join orders o on o.id = le.order_id where le.event_id in (${events})
         group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
    },
    orders: {
      rollup: await read(sql`
        select event_id, to_char(day, 'YYYY-MM-DD') as day, status, currency, test,
               sum(orders)::int as orders, sum(paying_orders)::int as paying_orders, sum(sold_orders)::int as sold_orders,
               sum(tickets)::int as tickets,
               sum(ticket_money)::int as ticket_money, sum(ticket_fees)::int as ticket_fees
          from event_order_days where event_id in (${events}) group by 1, 2, 3, 4, 5
        having sum(orders) <> 0 order by 1, 2, 3, 4, 5`),
      rows: await read(sql`
        select o.event_id, to_char((coalesce(o.paid_at, o.created_at) at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
               o.status, o.currency, o.provider = 'sandbox' as test, count(*)::int as orders,
               (count(*) filter (where o.paid_at is not null and o.total > 0))::int as paying_orders,
               (count(*) filter (where v.tickets > 0))::int as sold_orders, sum(v.tickets)::int as tickets,
               sum(v.money)::int as ticket_money, sum(v.fees)::int as ticket_fees
          from orders o cross join lateral (
            select count(*) as tickets, coalesce(sum(unit_price), 0) as money, coalesce(sum(unit_fee), 0) as fees
              from tickets t where t.order_id = o.id and t.status = 'valid') v
         where o.event_id in (${events}) group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    },
    types: {
      rollup: await read(sql`
        select event_id, ticket_type_id, to_char(day, 'YYYY-MM-DD') as day, currency, test, sum(tickets)::int as tickets,
               sum(ticket_money)::int as ticket_money, sum(ticket_fees)::int as ticket_fees
          from event_type_days where event_id in (${events}) group by 1, 2, 3, 4, 5
        having sum(tickets) <> 0 order by 1, 2, 3, 4, 5`),
      rows: await read(sql`
        select o.event_id, t.ticket_type_id,
               to_char((coalesce(o.paid_at, o.created_at) at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
               o.currency, o.provider = 'sandbox' as test, count(*)::int as tickets, sum(t.unit_price)::int as ticket_money,
               sum(t.unit_fee)::int as ticket_fees
          from tickets t join orders o on o.id = t.order_id
         where o.event_id in (${events}) and t.status = 'valid' and o.status in ('paid', 'partially_refunded')
         group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    },
    admissions: {
      rollup: await read(sql`
        select event_id, sum(admitted)::int as admitted, sum(inside)::int as inside from event_admission_counts
         where event_id in (${events}) group by 1 having sum(admitted) <> 0 or sum(inside) <> 0 order by 1`),
      rows: await read(sql`
        select event_id, count(*)::int as admitted, (count(*) filter (where inside))::int as inside from ticket_admissions
         where event_id in (${events}) group by 1 order by 1`),
    },
  };
}

async function expectRollupsAgree(eventIds: string[]) {
  const { money, orders, types, admissions } = await rollupsAndRows(eventIds);
  expect(money.rollup).toEqual(money.rows);
  expect(orders.rollup).toEqual(orders.rows);
  expect(types.rollup).toEqual(types.rows);
  expect(admissions.rollup).toEqual(admissions.rows);
  return { money, orders, types, admissions };
}

let lines = 900;
/** An order paid in the sandbox: `quantity` tickets of the event's first ticket type, or of each of `types`. */
async function paidOrder(d: Door, quantity: number, types = d.typeIds.slice(0, 1)): Promise<OrderView> {
  lines += 1;
  const body = orderBody(
    d.eventId,
    types.map((ticketTypeId) => ({ ticketTypeId, quantity })),
    newBuyer(),
  );
  const held = await heldOrder(api.app, body, {}, lineAddress(lines));
  const paid = await paySandbox(api.app, held);
  expect(paid.json().data?.outcome, paid.body).toBe('succeeded');
  const read = await api.app.inject({ method: 'GET', url: `/api/orders/${held.id}?token=${held.accessToken ?? ''}` });
  return read.json().data as OrderView;
}

const dashboardOf = async (d: Door): Promise<Dashboard> => {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/organizations/${d.owner.organizationId}/dashboard?eventId=${d.eventId}`,
    headers: d.owner.bearer,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Dashboard;
};

describe('the dashboard rollups', () => {
  it('hold what the rows hold through sales, refunds, voids, expiry, scans, exits, undos and deletions', async () => {
    const d = await kit.door();
    const free = await kit.tickets(d, 12);
    const pending = await kit.tickets(d, 4, { orderStatus: 'pending' });
    await kit.tickets(d, 3, { provider: 'sandbox' });
    await expectRollupsAgree([d.eventId]);

    // Paid in the sandbox (TEST orders), one then taken as if a card provider had: its money moves out of TEST. The
    // second holds tickets of two types.
    expect(d.typeIds.length).toBeGreaterThan(1);
    const [first, second, third] = [await paidOrder(d, 2), await paidOrder(d, 2, d.typeIds), await paidOrder(d, 1)];
    await db().updateTable('orders').set({ provider: 'stripe' }).where('id', '=', first.id).execute();
    await expectRollupsAgree([d.eventId]);

    // A refund of one ticket, and of a whole order: tickets voided, orders partly and wholly refunded.
    for (const [order, ticketIds] of [
      [second, [second.tickets[0]?.id]],
      [third, third.tickets.map((ticket) => ticket.id)],
    ] as const) {
      const refund = await api.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        headers: { ...d.owner.bearer, 'idempotency-key': randomUUID() },
        payload: { ticketIds },
      });
      expect(refund.statusCode, refund.body).toBe(200);
    }
    // A pending order lapses; a ticket's holder changes (nothing to count); another is voided.
    const lapsed = pending[0] as BulkTicket;
    await db().updateTable('orders').set({ status: 'expired' }).where('id', '=', lapsed.orderId).execute();
    await db()
      .updateTable('tickets')
      .set({ holder_name: 'Hedy Lamarr' })
      .where('id', '=', (free[1] as BulkTicket).id)
      .execute();
    await db()
      .updateTable('tickets')
      .set({ status: 'voided', voided_at: new Date() })
      .where('id', '=', (free[2] as BulkTicket).id)
      .execute();

    // The door: admissions, a second scan elsewhere, an exit, a re-entry, an undo.
    const device = kit.deviceId();
    const scans = [];
    for (const ticket of free.slice(3, 9)) {
      const body = kit.scan(ticket.code, device);
      expect((await kit.verdict(d, body)).result).toBe('valid');
      scans.push(body);
    }
    expect((await kit.verdict(d, kit.scan((free[3] as BulkTicket).code, kit.deviceId()))).result).toBe('already_used');
    expect((await kit.verdict(d, kit.scan((free[4] as BulkTicket).code, device, { direction: 'out' }))).result).toBe('valid');
    expect((await kit.verdict(d, kit.scan((free[5] as BulkTicket).code, device, { direction: 'out' }))).result).toBe('valid');
    expect((await kit.verdict(d, kit.scan((free[5] as BulkTicket).code, device))).result).toBe('valid');
    const undo = await kit.call('POST', `/events/${d.eventId}/checkins/undo`, d.door.bearer, {
      deviceId: device,
      clientScanId: scans[5]?.clientScanId,
      reason: 'Scanned the wrong ticket',
    });
    expect(undo.statusCode, undo.body).toBe(200);

    // An order deleted with its tickets (nothing in the product deletes one, but the rollups follow if it happens).
    const gone = free[11] as BulkTicket;
    await db().deleteFrom('orders').where('id', '=', gone.orderId).execute();

    const agreed = await expectRollupsAgree([d.eventId]);
    expect(agreed.admissions.rows).toEqual([{ event_id: d.eventId, admitted: 5, inside: 4 }]);
    expect(agreed.money.rows.some((row) => row.test === false)).toBe(true);

    // The dashboard reads them: its figures are the rows' figures.
    const board = await dashboardOf(d);
    expect(board.door).toMatchObject({ checkedIn: 5, inside: 4 });
    const counted = (status: string) =>
      agreed.orders.rows.filter((row) => row.status === status).reduce((sum, row) => sum + Number(row.orders), 0);
    for (const { status, count } of board.ordersByStatus) expect(count, status).toBe(counted(status));
    expect(board.ordersByStatus.find((row) => row.status === 'expired')?.count).toBe(1);
  });

  it('agree with the payments page on money, orders and TEST orders, for the event and the organisation', async () => {
    const d = await kit.door();
    const orders = [await paidOrder(d, 2), await paidOrder(d, 1), await paidOrder(d, 4)];
    await db()
      .updateTable('orders')
      .set({ provider: 'stripe' })
      .where(
        'id',
        'in',
        orders.slice(0, 2).map((order) => order.id),
      )
      .execute();
    const refund = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${orders[0]?.id}/refunds`,
      headers: { ...d.owner.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [orders[0]?.tickets[0]?.id] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    for (const query of [`?eventId=${d.eventId}`, '']) {
      const [board, payments] = await Promise.all([
        api.app.inject({
          method: 'GET',
          url: `/api/organizations/${d.owner.organizationId}/dashboard${query}`,
          headers: d.owner.bearer,
        }),
        api.app.inject({
          method: 'GET',
          url: `/api/organizations/${d.owner.organizationId}/orders${query}`,
          headers: d.owner.bearer,
        }),
      ]);
      expect(board.json().data.money).toEqual(payments.json().data.totals);
      expect(board.json().data.testOrders).toBe(payments.json().data.testOrders);
      expect(board.json().data.testOrders).toBe(1);
    }
  });

  it('stay exact when many buyers pay and many devices scan at once', async () => {
    const d = await kit.door();
    const free = await kit.tickets(d, 16);
    const held = [];
    for (let index = 0; index < 8; index += 1) {
      lines += 1;
      held.push(
        await heldOrder(
          api.app,
          orderBody(d.eventId, [{ ticketTypeId: d.typeIds[0] as string, quantity: 1 + (index % 3) }], newBuyer()),
          {},
          lineAddress(lines),
        ),
      );
    }
    const answers = await Promise.all([
      ...held.map((order) => paySandbox(api.app, order)),
      ...free.map((ticket) => kit.checkIn(d, kit.scan(ticket.code, kit.deviceId()))),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const agreed = await expectRollupsAgree([d.eventId]);
    expect(agreed.admissions.rows).toEqual([{ event_id: d.eventId, admitted: 16, inside: 16 }]);
  });
});
