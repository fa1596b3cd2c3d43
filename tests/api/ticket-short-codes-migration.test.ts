import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../server/db/migrations/0039_ticket_short_codes.ts';
import { shortCodeTaken } from '../../server/features/orders/tickets/ticket-issue.service.ts';
import { normalizeShortTicketCode } from '../../src/contract/short-ticket-code.ts';
import { doorKit } from '../fixtures/door.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const { door, tickets, deviceId, scan, verdict } = doorKit(() => api);

describe('tickets issued before short codes', () => {
  it('each get one, unique within their event, which the door then takes', async () => {
    const [first, second] = [await door(), await door()];
    const sold = [...(await tickets(first, 300)), ...(await tickets(second, 20))];

    // The database as it was before migration 0039, then migrated.
    await down(db() as never);
    await up(db() as never);

    const rows = await db().selectFrom('tickets').select(['id', 'event_id', 'short_code']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(sold.length);
    for (const row of rows) expect(normalizeShortTicketCode(row.short_code)).toBe(row.short_code);
    expect(new Set(rows.map((row) => `${row.event_id}:${row.short_code}`)).size).toBe(rows.length);

    const ticket = sold[0] as (typeof sold)[number];
    const row = rows.find((one) => one.id === ticket.id) as (typeof rows)[number];
    expect(row.short_code).not.toBe(ticket.shortCode);
    expect((await verdict(first, scan(row.short_code, deviceId()))).result).toBe('valid');

    // A second ticket of the event with the same code is refused, and told apart as such (it is issued again).
    const copy = await db()
      .insertInto('tickets')
      .values({
        ...(await db().selectFrom('tickets').selectAll().where('id', '=', ticket.id).executeTakeFirstOrThrow()),
        id: crypto.randomUUID(),
        position: 99,
      })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(shortCodeTaken(copy)).toBe(true);
  });
});
