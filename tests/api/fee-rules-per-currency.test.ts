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
  organizationId?: string;
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
      organization_id: rule.organizationId ?? null,
      percent_basis_points: rule.percent,
      fixed: rule.fixed,
      min_per_ticket: rule.min ?? null,
      cap_per_ticket: rule.cap ?? null,
      effective_from: new Date(Date.now() - (rule.agoMs ?? minute)),
    })
    .execute();
}

let line = 7000;
async function saleIn(currency: string, price: number) {
  return eventOnSale(api.app, db(), { ticketTypes: [{ name: 'Standard', price, currency, capacity: 100 }] });
}
async function orderAt(sale: Awaited<ReturnType<typeof saleIn>>, quantity = 2): Promise<OrderView> {
  line += 1;
  const typeId = (sale.types[0] as { id: string }).id;
  return heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]), {}, lineAddress(line));
}
const orderOfOne = async (currency: string, price: number) => orderAt(await saleIn(currency, price));

const feeQuery = (query: string) => api.app.inject({ method: 'GET', url: `/api/booking-fee${query}` });
const feeOf = async (currency?: string, eventId?: string) => {
  const query = new URLSearchParams({ ...(currency ? { currency } : {}), ...(eventId ? { event: eventId } : {}) });
  return (await feeQuery(query.size > 0 ? `?${query}` : '')).json().data;
};

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
    const sale = await saleIn('USD', 3000);
    const before = await orderAt(sale, 1);
    expect(before.bookingFee).toBe(99);
    await ruleInForce({ currency: 'USD', percent: 0, fixed: 10, agoMs: 500 });
    const after = await orderAt(sale, 1);
    expect(after.bookingFee).toBe(10);
    expect((await feeOf('EUR')).minPerTicket).toBe(150);
  });
});

describe('organiser fee plans', () => {
  it('price an organiser’s orders by its plan, its currency’s rule first, and leave other organisers on the platform’s', async () => {
    await ruleInForce({ currency: null, percent: 250, fixed: 49, agoMs: 20 * minute });
    const planned = await saleIn('GBP', 2000);
    const other = await saleIn('GBP', 2000);
    const organiser = planned.organiser.organizationId;
    await ruleInForce({ currency: null, organizationId: organiser, percent: 100, fixed: 0, agoMs: 15 * minute });
    await ruleInForce({ currency: 'EUR', organizationId: organiser, percent: 0, fixed: 5, agoMs: 15 * minute });
    expect(other.organiser.organizationId).not.toBe(organiser);

    expect(await orderAt(planned)).toMatchObject({ subtotal: 4000, bookingFee: 2 * 20, total: 4040 });
    expect(await feeOf('GBP', planned.event.id)).toEqual({
      percentBasisPoints: 100,
      fixed: 0,
      capPerTicket: null,
      minPerTicket: null,
    });
    expect(await feeOf('EUR', planned.event.id)).toEqual({
      percentBasisPoints: 0,
      fixed: 5,
      capPerTicket: null,
      minPerTicket: null,
    });
    // Another organiser, and a buyer who names no event, pay the platform's rule.
    expect((await orderAt(other)).bookingFee).toBe(2 * (50 + 49));
    expect(await feeOf('GBP')).toMatchObject({ percentBasisPoints: 250, fixed: 49 });
    expect(await feeOf('GBP', other.event.id)).toMatchObject({ percentBasisPoints: 250, fixed: 49 });

    expect((await feeQuery('?event=not-an-id')).statusCode).toBe(400);
    expect((await feeQuery('?event=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('reprice an order whose organiser’s plan started after the event was read', async () => {
    const sale = await saleIn('GBP', 1000);
    const before = await orderAt(sale, 1);
    await ruleInForce({ currency: 'GBP', organizationId: sale.organiser.organizationId, percent: 0, fixed: 1, agoMs: 500 });
    const after = await orderAt(sale, 1);
    expect(before.bookingFee).not.toBe(1);
    expect(after.bookingFee).toBe(1);
  });
});
