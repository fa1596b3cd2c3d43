import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOnSale, type OrderView, orderBody, placeOrder } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ ORDER_HOLD_SECONDS: '40' });
});
afterAll(() => api.close());

describe('a platform-wide hold length (ORDER_HOLD_SECONDS)', () => {
  it('holds tickets for that many seconds instead of the event’s hold minutes', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const before = Date.now();
    const response = await placeOrder(
      api.app,
      orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }]),
    );
    expect(response.statusCode).toBe(201);
    const holdMs = new Date((response.json().data as OrderView).holdExpiresAt as string).getTime() - before;
    expect(holdMs).toBeGreaterThan(38_000);
    expect(holdMs).toBeLessThanOrEqual(41_000);
  });

  it('refuses a value outside 5 to 3600 seconds at start, naming the variable', async () => {
    await expect(createTestApi({ ORDER_HOLD_SECONDS: '2' })).rejects.toThrow(/ORDER_HOLD_SECONDS/);
  });
});
