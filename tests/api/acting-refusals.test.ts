import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWhileActingMessage } from '../../src/contract/acting.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { eventOnSale, heldOrder, orderBody, paySandbox, readOrder } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// The three breaks the security review found in acting as a user (decision 048): an administrator who may only
// manage users, acting as an organisation's owner, refunded a whole event, made a lasting owner and set up a daily
// export of attendees to an outside address. Each is now refused before the route runs.

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'POST', url: string, bearer: Bearer, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers: bearer, ...(payload ? { payload } : {}) });

/** An administrator whose only permission is `users.manage`: enough to act as a user, not to refund. */
async function userManager() {
  const admin = await signedInAccount(api.app, db(), { firstName: 'Kit', lastName: 'Support' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', admin.authId).execute();
  await db().deleteFrom('admin_group_members').where('user_id', '=', admin.authId).execute();
  await groupInDb(db(), ['users.manage'], [admin.authId]);
  return admin;
}

/** An owner with a published event and one paid order, and a user manager acting as that owner. */
async function actingAsOwner() {
  const sale = await eventOnSale(api.app, db());
  const typeId = (sale.types[0] as { id: string }).id;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }]));
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  const admin = await userManager();
  const started = await call('POST', `/admin/users/${sale.organiser.authId}/act`, admin.bearer, {
    reason: 'Owner asked on case #940 why the event page looks wrong.',
  });
  expect(started.statusCode).toBe(200);
  const acting = { authorization: `Bearer ${started.json().data.accessToken as string}` };
  return { ...sale, order, acting, organizationId: sale.organiser.organizationId };
}

const expectRefused = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ httpStatus: 'FORBIDDEN', message: refusedWhileActingMessage });
};

describe('an administrator who may only manage users, acting as an organisation owner', () => {
  it('cannot cancel the owner’s event, which would refund every paid order', async () => {
    const { event, order, acting } = await actingAsOwner();
    expectRefused(await call('POST', `/events/${event.id}/cancel`, acting));
    const status = await db().selectFrom('events').select('status').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(status.status).toBe('published');
    expect((await readOrder(api.app, order)).json().data).toMatchObject({ status: 'paid', refunded: 0 });
    const refunds = await db().selectFrom('refunds').select('id').where('order_id', '=', order.id).execute();
    expect(refunds).toEqual([]);
  });

  it('cannot invite anyone, least of all a new owner who would stay after acting ends', async () => {
    const { organizationId, acting } = await actingAsOwner();
    const email = 'new.owner@outside.example';
    expectRefused(await call('POST', `/organizations/${organizationId}/invitations`, acting, { email, role: 'owner' }));
    const invited = await db().selectFrom('organization_invitations').select('id').where('email', '=', email).execute();
    expect(invited).toEqual([]);
  });

  it('cannot schedule a report of the attendees mailed daily to an outside address', async () => {
    const { organizationId, acting } = await actingAsOwner();
    const schedule = { report: 'attendees', frequency: 'daily', recipients: ['collector@outside.example'] };
    expectRefused(await call('POST', `/organizations/${organizationId}/report-mails`, acting, schedule));
    const scheduled = await db().selectFrom('report_mails').select('id').where('organization_id', '=', organizationId).execute();
    expect(scheduled).toEqual([]);
  });
});
