import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../server/features/users/users.repository.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventOnSale, heldOrder, lineAddress, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const get = (url: string, bearer: Bearer) => api.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer });

async function administrator() {
  const account = await signedInAccount(api.app, db(), { firstName: 'Ada', lastName: 'Admin' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  return account;
}

/** The cells of a CSV body (no cell here holds a comma, a quote or a line break). */
const rowsOf = (body: string) =>
  body
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('admin CSV exports', () => {
  it('hold every row the filtered list pages through, in its order, beyond one page, and keep formulas as text', async () => {
    const admin = await administrator();
    const tag = `export${randomUUID().slice(0, 8)}`;
    for (let index = 0; index < 30; index += 1) {
      await insertUser(db(), {
        email: `${tag}.${String(index).padStart(2, '0')}@example.test`,
        firstName: index === 7 ? '=cmd' : 'Row',
        lastName: `Person${index}`,
        passwordHash: 'not-a-real-hash',
        dateOfBirth: '1990-05-17',
        userType: 'attendee',
        isAdmin: false,
        emailConfirmedAt: new Date(),
      });
    }
    // Written within one millisecond, apart by microseconds only: a page link must still tell them apart.
    await sql`update users set created_at = timestamptz '2026-06-01 10:00:00.123+00'
      + (split_part(split_part(email, '.', 2), '@', 1)::int * 7 % 1000) * interval '1 microsecond'
      where email like ${`${tag}.%`}`.execute(db());
    const listed: string[] = [];
    let after = '';
    do {
      const page = (await get(`/admin/users?q=${tag}${after ? `&after=${after}` : ''}`, admin.bearer)).json().data;
      listed.push(...page.items.map((row: { email: string }) => row.email));
      after = page.next ?? '';
    } while (after);
    expect(listed).toHaveLength(30);

    const csv = await get(`/admin/users.csv?q=${tag}`, admin.bearer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="admin-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = rowsOf(csv.body);
    expect(header).toEqual([
      'Email',
      'Name',
      'Administrator',
      'Email confirmed',
      'Suspended at',
      'Suspension reason',
      'Joined at',
    ]);
    expect(rows.map((row) => row[0])).toEqual(listed);
    expect(rows.find((row) => row[0] === `${tag}.07@example.test`)?.[1]).toBe("'=cmd Person7");
    expect(csv.body).not.toContain('not-a-real-hash');

    const none = await get(`/admin/users.csv?q=nobody-${tag}`, admin.bearer);
    expect(rowsOf(none.body)).toHaveLength(1);
    expect((await get('/admin/users.csv?after=not-a-cursor', admin.bearer)).statusCode).toBe(400);
  });

  it('of tickets carry the holder, the order and the event, never the ticket code', async () => {
    const admin = await administrator();
    const sale = await eventOnSale(api.app, db());
    const typeId = (sale.types[0] as { id: string }).id;
    const order = await heldOrder(
      api.app,
      orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }]),
      {},
      lineAddress(901),
    );
    expect((await paySandbox(api.app, order)).statusCode).toBe(200);
    const csv = await get(`/admin/tickets.csv?q=${order.reference}`, admin.bearer);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = rowsOf(csv.body);
    expect(header).toEqual([
      'Holder',
      'Ticket type',
      'Status',
      'Voided at',
      'Event',
      'Order',
      'Buyer email',
      'Test',
      'Issued at',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row[5] === order.reference)).toBe(true);
    const codes = await db().selectFrom('tickets').select('code').where('order_id', '=', order.id).execute();
    for (const { code } of codes) expect(csv.body).not.toContain(code);

    const payments = rowsOf((await get(`/admin/payments.csv?q=${order.reference}`, admin.bearer)).body);
    expect(payments).toHaveLength(2);
    expect(payments[1]?.[0]).toBe(order.reference);
  });
});
