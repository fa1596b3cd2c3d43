import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { eventOnSale, orderBody } from '../fixtures/orders.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ ORDER_LIMIT_PER_ADDRESS: '3' });
});
afterAll(() => api.close());

const placeFrom = (address: string, body: unknown) =>
  api.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: body as object,
    headers: { 'idempotency-key': randomUUID() },
    remoteAddress: address,
  });

describe('orders per address', () => {
  // Up to 45 s of it may be spent waiting for the next rate window (awayFromWindowEdge).
  it('are refused with 429 past the limit, while other addresses still order', { timeout: 60_000 }, async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const typeId = (types[0] as { id: string }).id;
    const body = () => orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }]);
    await awayFromWindowEdge(15 * 60);
    for (let order = 0; order < 3; order += 1) expect((await placeFrom('203.0.113.7', body())).statusCode).toBe(201);
    const refused = await placeFrom('203.0.113.7', body());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ httpStatus: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect((await placeFrom('198.51.100.20', body())).statusCode).toBe(201);
  });

  it('count every address of one IPv6 /64 as one, whatever interface id each order picks', { timeout: 60_000 }, async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const typeId = (types[0] as { id: string }).id;
    const body = () => orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }]);
    await awayFromWindowEdge(15 * 60);
    for (const address of ['2001:db8:7:1::1', '2001:db8:7:1:a:b:c:d', '2001:0db8:0007:0001:ffff::9']) {
      expect((await placeFrom(address, body())).statusCode).toBe(201);
    }
    expect((await placeFrom('2001:db8:7:1:1234::', body())).statusCode).toBe(429);
    expect((await placeFrom('2001:db8:7:2::1', body())).statusCode).toBe(201);
  });

  it('let a box office selling from several tills behind one address through by default, and can be turned off', () => {
    const dataDir = api.config.dataDir;
    // 80 orders a minute for the whole 15-minute window.
    expect(loadConfig({ DATA_DIR: dataDir }).orderLimitPerAddress).toBeGreaterThanOrEqual(80 * 15);
    expect(loadConfig({ DATA_DIR: dataDir, ORDER_LIMIT_PER_ADDRESS: '0' }).orderLimitPerAddress).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir, ORDER_LIMIT_PER_ADDRESS: '-1' })).toThrow(/ORDER_LIMIT_PER_ADDRESS/);
  });
});
