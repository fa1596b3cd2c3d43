import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const minute = 60_000;
/** A rule that started `agoMs` ago (the console only adds rules that start later; a test needs them in force now). */
async function ruleInForce(rule: {
  currency: string | null;
  percent: number;
  fixed: number;
  min?: number | null;
  cap?: number | null;
  agoMs?: number;
}) {
  await db()
    .insertInto('booking_fee_rules')
    .values({
      currency: rule.currency,
      percent_basis_points: rule.percent,
      fixed: rule.fixed,
      min_per_ticket: rule.min ?? null,
      cap_per_ticket: rule.cap ?? null,
      effective_from: new Date(Date.now() - (rule.agoMs ?? minute)),
    })
    .execute();
}

let line = 7000;
async function orderOfOne(currency: string, price: number): Promise<OrderView> {
  const sale = await eventOnSale(api.app, db(), {
    ticketTypes: [{ name: 'Standard', price, currency, capacity: 100 }],
  });
  line += 1;
  const typeId = (sale.types[0] as { id: string }).id;
  return heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }]), {}, lineAddress(line));
}

const feeOf = async (currency?: string) =>
  (await api.app.inject({ method: 'GET', url: `/api/booking-fee${currency ? `?currency=${currency}` : ''}` })).json().data;

describe('booking fee rules per currency', () => {
  it('price each order by its currency’s own rule, with its minimum, else by the rule for every other currency', async () => {
    await ruleInForce({ currency: null, percent: 250, fixed: 49, cap: 500, agoMs: 10 * minute });
    await ruleInForce({ currency: 'EUR', percent: 100, fixed: 20, min: 150, agoMs: 5 * minute });

    const euros = await orderOfOne('EUR', 1000);
    // 1% of 10.00 + 0.20 = 0.30, raised to the minimum of 1.50 per ticket.
    expect(euros).toMatchObject({ currency: 'EUR', subtotal: 2000, bookingFee: 300, total: 2300 });
    const pounds = await orderOfOne('GBP', 2000);
    expect(pounds).toMatchObject({ currency: 'GBP', subtotal: 4000, bookingFee: 2 * (50 + 49), total: 4198 });

    expect(await feeOf('EUR')).toEqual({ percentBasisPoints: 100, fixed: 20, capPerTicket: null, minPerTicket: 150 });
    expect(await feeOf('USD')).toEqual({ percentBasisPoints: 250, fixed: 49, capPerTicket: 500, minPerTicket: null });
    expect(await feeOf()).toEqual(await feeOf('GBP'));
    expect((await api.app.inject({ method: 'GET', url: '/api/booking-fee?currency=pounds' })).statusCode).toBe(400);
  });

  it('reprice an order whose currency’s rule changed after the event was read, and leave other currencies alone', async () => {
    const first = await orderOfOne('USD', 3000);
    expect(first.bookingFee).toBe(2 * (75 + 49));
    // A USD rule starts now: the next USD order is priced by it even if this instance kept the event's sale context.
    await ruleInForce({ currency: 'USD', percent: 0, fixed: 99, agoMs: 1000 });
    const sale = await eventOnSale(api.app, db(), {
      ticketTypes: [{ name: 'Standard', price: 3000, currency: 'USD', capacity: 100 }],
    });
    const typeId = (sale.types[0] as { id: string }).id;
    line += 1;
    const before = await heldOrder(
      api.app,
      orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 1 }]),
      {},
      lineAddress(line),
    );
    expect(before.bookingFee).toBe(99);
    await ruleInForce({ currency: 'USD', percent: 0, fixed: 10, agoMs: 500 });
    line += 1;
    const after = await heldOrder(
      api.app,
      orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 1 }]),
      {},
      lineAddress(line),
    );
    expect(after.bookingFee).toBe(10);
    expect((await feeOf('EUR')).minPerTicket).toBe(150);
  });
});
