import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxAttempts } from '../../server/lib/mail/mail-sender.ts';
import { type AdminPermission, adminPermissions } from '../../src/contract/admin.ts';
import { newAccount, post, signedInAccount } from '../fixtures/accounts.ts';
import { builtInGroupId, groupInDb, userInDb } from '../fixtures/admin.ts';
import { eventOnSale, heldOrder, lineAddress, newBuyer, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, bearer: Bearer, payload?: object, headers: Bearer = {}) =>
  api.app.inject({ method, url: `/api${url}`, headers: { ...bearer, ...headers }, ...(payload ? { payload } : {}) });

let orderLine = 700;
/** A paid order of a new event. */
async function paidOrderInDb() {
  const sale = await eventOnSale(api.app, db());
  const typeId = (sale.types[0] as { id: string }).id;
  orderLine += 1;
  const order = await heldOrder(
    api.app,
    orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 1 }]),
    {},
    lineAddress(orderLine),
  );
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  const paid = await db().selectFrom('tickets').select('id').where('order_id', '=', order.id).execute();
  return { id: order.id, tickets: paid };
}

/** A signed-in administrator whose only group grants `permissions` (taken out of the built-in group). */
async function adminWith(permissions: AdminPermission[]) {
  const account = await signedInAccount(api.app, db(), { firstName: 'Kit', lastName: 'Support' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  await db().deleteFrom('admin_group_members').where('user_id', '=', account.authId).execute();
  const groupId = await groupInDb(db(), permissions, [account.authId]);
  return { ...account, groupId };
}

let limited: Awaited<ReturnType<typeof adminWith>> | undefined;
/** One administrator whose group's permissions each test sets (signing in costs a password hash). */
const limitedAdmin = async () => {
  limited ??= await adminWith([]);
  return limited;
};

const fullAdmin = async () => {
  const account = await signedInAccount(api.app, db(), { firstName: 'Ada', lastName: 'Admin' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  return account;
};

/** Each admin endpoint, the permission it needs, and a call of it that would succeed. */
const endpoints: { permission: AdminPermission; call: (bearer: Bearer) => ReturnType<typeof call> }[] = [
  { permission: 'groups.manage', call: (bearer) => call('GET', '/admin/groups', bearer) },
  {
    permission: 'groups.manage',
    call: (bearer) => call('POST', '/admin/groups', bearer, { name: 'Door crew', permissions: [] }),
  },
  { permission: 'groups.manage', call: async (bearer) => call('GET', `/admin/groups/${await builtInGroupId(db())}`, bearer) },
  {
    permission: 'groups.manage',
    call: async (bearer) => call('PATCH', `/admin/groups/${await groupInDb(db())}`, bearer, { name: 'Renamed group' }),
  },
  {
    permission: 'groups.manage',
    call: async (bearer) =>
      call('POST', `/admin/groups/${await groupInDb(db())}/members`, bearer, {
        email: (await userInDb(db(), { admin: true })).email,
      }),
  },
  {
    permission: 'groups.manage',
    call: async (bearer) => {
      const admin = await userInDb(db(), { admin: true });
      return call('DELETE', `/admin/groups/${await groupInDb(db(), [], [admin.id])}/members/${admin.id}`, bearer);
    },
  },
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/overview', bearer) },
  // Money, events and tickets (tests/api/admin-sales.test.ts has the rest): each refused without its permission.
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/payments', bearer) },
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/refunds', bearer) },
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/webhooks', bearer) },
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/payouts', bearer) },
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/platform-fees', bearer) },
  { permission: 'tickets.void', call: (bearer) => call('GET', '/admin/tickets', bearer) },
  { permission: 'events.moderate', call: (bearer) => call('GET', '/admin/events', bearer) },
  // Each list's CSV answers to the list's own permission.
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/payments.csv', bearer) },
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/refunds.csv', bearer) },
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/webhooks.csv', bearer) },
  { permission: 'payments.read', call: (bearer) => call('GET', '/admin/payouts.csv', bearer) },
  { permission: 'tickets.void', call: (bearer) => call('GET', '/admin/tickets.csv?q=x', bearer) },
  { permission: 'events.moderate', call: (bearer) => call('GET', '/admin/events.csv', bearer) },
  { permission: 'users.read', call: (bearer) => call('GET', '/admin/users.csv', bearer) },
  { permission: 'audit.read', call: (bearer) => call('GET', '/admin/audit.csv', bearer) },
  { permission: 'organisers.review', call: (bearer) => call('GET', '/admin/organisers.csv', bearer) },
  { permission: 'fees.manage', call: (bearer) => call('GET', '/admin/booking-fees', bearer) },
  {
    permission: 'fees.manage',
    call: (bearer) =>
      call('POST', '/admin/booking-fees/quote', bearer, { currency: 'GBP', lines: [{ unitPrice: 1000, quantity: 1 }] }),
  },
  {
    permission: 'events.moderate',
    call: async (bearer) => {
      const sale = await eventOnSale(api.app, db());
      return call('POST', `/admin/events/${sale.event.id}/moderation`, bearer, { action: 'unpublish', reason: 'Misleading.' });
    },
  },
  {
    permission: 'orders.refund',
    call: async (bearer) => {
      const order = await paidOrderInDb();
      return call(
        'POST',
        `/admin/orders/${order.id}/refunds`,
        bearer,
        { reason: 'Asked to.' },
        { 'idempotency-key': randomUUID() },
      );
    },
  },
  {
    permission: 'tickets.void',
    call: async (bearer) => {
      const order = await paidOrderInDb();
      return call('POST', `/admin/tickets/${order.tickets[0]?.id}/void`, bearer, { reason: 'Stolen.' });
    },
  },
  { permission: 'audit.read', call: (bearer) => call('GET', '/admin/audit', bearer) },
  { permission: 'users.read', call: (bearer) => call('GET', '/admin/users', bearer) },
  { permission: 'users.read', call: async (bearer) => call('GET', `/admin/users/${(await userInDb(db())).id}`, bearer) },
  // The help desk's agents: cases, and the help articles.
  { permission: 'cases.handle', call: (bearer) => call('GET', '/admin/cases?queue=unassigned', bearer) },
  { permission: 'help.edit', call: (bearer) => call('GET', '/admin/help/articles', bearer) },
  { permission: 'cases.handle', call: (bearer) => call('GET', '/admin/help/saved-replies', bearer) },
  {
    permission: 'users.manage',
    call: async (bearer) => call('POST', `/admin/users/${(await userInDb(db())).id}/suspend`, bearer, { reason: 'Touting.' }),
  },
  {
    permission: 'users.manage',
    call: async (bearer) => {
      const user = await userInDb(db());
      await db()
        .updateTable('users')
        .set({ suspended_at: new Date(), suspension_reason: 'x' })
        .where('id', '=', user.id)
        .execute();
      return call('POST', `/admin/users/${user.id}/reactivate`, bearer, { reason: 'Cleared.' });
    },
  },
  {
    permission: 'users.manage',
    call: async (bearer) => call('POST', `/admin/users/${(await userInDb(db())).id}/password-reset`, bearer),
  },
  {
    permission: 'users.manage',
    call: async (bearer) => {
      const account = newAccount();
      expect((await post(api.app, '/auth/signUp', account)).statusCode).toBe(201);
      return call('POST', '/admin/users/resend-confirmation', bearer, { email: account.email });
    },
  },
];

describe('admin permissions', () => {
  for (const [index, endpoint] of endpoints.entries()) {
    it(`endpoint ${index + 1} is refused without ${endpoint.permission} and allowed with it alone`, async () => {
      const admin = await limitedAdmin();
      const others = adminPermissions.filter((permission) => permission !== endpoint.permission);
      await db().updateTable('admin_groups').set({ permissions: others }).where('id', '=', admin.groupId).execute();
      expect((await endpoint.call(admin.bearer)).statusCode).toBe(403);
      await db()
        .updateTable('admin_groups')
        .set({ permissions: [endpoint.permission] })
        .where('id', '=', admin.groupId)
        .execute();
      expect((await endpoint.call(admin.bearer)).statusCode).toBeLessThan(300);
    });
  }

  it('let read orders with payments.read or orders.refund, and refuse it with neither', async () => {
    const admin = await limitedAdmin();
    const setPermissions = (permissions: AdminPermission[]) =>
      db().updateTable('admin_groups').set({ permissions }).where('id', '=', admin.groupId).execute();
    const order = await paidOrderInDb();
    await setPermissions(adminPermissions.filter((one) => one !== 'payments.read' && one !== 'orders.refund'));
    expect((await call('GET', '/admin/orders', admin.bearer)).statusCode).toBe(403);
    expect((await call('GET', `/admin/orders/${order.id}`, admin.bearer)).statusCode).toBe(403);
    expect((await call('GET', '/admin/orders.csv', admin.bearer)).statusCode).toBe(403);
    for (const one of ['payments.read', 'orders.refund'] as const) {
      await setPermissions([one]);
      expect((await call('GET', '/admin/orders', admin.bearer)).statusCode).toBe(200);
      expect((await call('GET', `/admin/orders/${order.id}`, admin.bearer)).statusCode).toBe(200);
    }
  });

  it('refuse every admin endpoint to a signed-in non-administrator, even one put in a group', async () => {
    const person = await signedInAccount(api.app, db());
    await groupInDb(db(), [...adminPermissions], [person.authId]);
    for (const endpoint of endpoints) expect((await endpoint.call(person.bearer)).statusCode).toBe(403);
    expect((await call('GET', '/admin/access', person.bearer)).statusCode).toBe(403);
  });

  it('are the union of the groups’, and a change applies on the next request', async () => {
    const admin = await adminWith(['users.read']);
    await groupInDb(db(), ['audit.read'], [admin.authId]);
    const access = await call('GET', '/admin/access', admin.bearer);
    expect(access.json().data.permissions).toEqual(['audit.read', 'users.read']);
    expect((await call('GET', '/admin/users', admin.bearer)).statusCode).toBe(200);
    await db().updateTable('admin_groups').set({ permissions: [] }).where('id', '=', admin.groupId).execute();
    expect((await call('GET', '/admin/users', admin.bearer)).statusCode).toBe(403);
  });

  it('make existing and new administrators members of the built-in group, which holds every permission', async () => {
    const admin = await fullAdmin();
    const access = await call('GET', '/admin/access', admin.bearer);
    expect(access.json().data.permissions).toEqual([...adminPermissions].sort());
  });
});

describe('user groups', () => {
  it('are created, renamed and given members, each change in the audit log', async () => {
    const admin = await fullAdmin();
    const other = await userInDb(db(), { admin: true });
    const created = await call('POST', '/admin/groups', admin.bearer, { name: 'Support desk', permissions: ['users.read'] });
    expect(created.statusCode).toBe(201);
    const groupId = created.json().data.id as string;
    const added = await call('POST', `/admin/groups/${groupId}/members`, admin.bearer, { email: other.email.toUpperCase() });
    expect(added.json().data.memberList.map((m: { email: string }) => m.email)).toEqual([other.email]);
    const renamed = await call('PATCH', `/admin/groups/${groupId}`, admin.bearer, {
      name: 'Support',
      permissions: ['users.read', 'audit.read'],
    });
    expect(renamed.json().data).toMatchObject({ name: 'Support', permissions: ['audit.read', 'users.read'], members: 1 });
    const log = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('subject_id', '=', groupId)
      .execute();
    expect(log.map((row) => row.action).sort()).toEqual([
      'admin.group_changed',
      'admin.group_created',
      'admin.group_member_added',
    ]);
    expect(log.every((row) => row.actor_id === admin.authId)).toBe(true);
    const changed = log.find((row) => row.action === 'admin.group_changed');
    expect(changed?.details).toMatchObject({ before: { name: 'Support desk', permissions: ['users.read'] } });
  });

  it('refuse a taken name, an unknown permission, a non-administrator member and the built-in group’s permissions', async () => {
    const admin = await fullAdmin();
    await call('POST', '/admin/groups', admin.bearer, { name: 'Finance team', permissions: [] });
    expect((await call('POST', '/admin/groups', admin.bearer, { name: 'finance TEAM', permissions: [] })).statusCode).toBe(409);
    expect((await call('POST', '/admin/groups', admin.bearer, { name: 'Odd', permissions: ['root'] })).statusCode).toBe(400);
    const groupId = await groupInDb(db());
    const person = await userInDb(db());
    const refused = await call('POST', `/admin/groups/${groupId}/members`, admin.bearer, { email: person.email });
    expect(refused.statusCode).toBe(400);
    const builtIn = await builtInGroupId(db());
    expect((await call('PATCH', `/admin/groups/${builtIn}`, admin.bearer, { permissions: [] })).statusCode).toBe(409);
  });

  it('say an administrator is already in the group when added again, and change nothing', async () => {
    const admin = await fullAdmin();
    const member = await userInDb(db(), { admin: true });
    const groupId = await groupInDb(db(), ['users.read'], [member.id]);
    const again = await call('POST', `/admin/groups/${groupId}/members`, admin.bearer, { email: member.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('That administrator is already in this group.');
    expect(again.json().errors).toEqual([{ path: 'body.email', message: 'This administrator is already in the group.' }]);
    const members = await db().selectFrom('admin_group_members').select('user_id').where('group_id', '=', groupId).execute();
    expect(members.map((row) => row.user_id)).toEqual([member.id]);
    const log = await db().selectFrom('audit_log').select('action').where('subject_id', '=', groupId).execute();
    expect(log).toEqual([]);
  });

  it('never lose the built-in group’s last member', async () => {
    const admin = await fullAdmin();
    const builtIn = await builtInGroupId(db());
    const members = await db().selectFrom('admin_group_members').select('user_id').where('group_id', '=', builtIn).execute();
    const others = members.map((row) => row.user_id).filter((id) => id !== admin.authId);
    for (const userId of others) {
      expect((await call('DELETE', `/admin/groups/${builtIn}/members/${userId}`, admin.bearer)).statusCode).toBe(200);
    }
    const last = await call('DELETE', `/admin/groups/${builtIn}/members/${admin.authId}`, admin.bearer);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('The built-in group must keep at least one member.');
    const left = await db().selectFrom('admin_group_members').select('user_id').where('group_id', '=', builtIn).execute();
    expect(left.map((row) => row.user_id)).toEqual([admin.authId]);
  });
});

describe('the platform overview', () => {
  it('counts paid orders and money per currency, TEST orders apart, with daily figures and top events', async () => {
    const admin = await fullAdmin();
    const before = (await call('GET', '/admin/overview', admin.bearer)).json().data;
    const sale = await eventOnSale(api.app, db());
    const typeId = (sale.types[0] as { id: string }).id;
    const orders = [];
    for (let index = 0; index < 3; index += 1) {
      const order = await heldOrder(
        api.app,
        orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 1 }]),
        {},
        lineAddress(900 + index),
      );
      expect((await paySandbox(api.app, order)).statusCode).toBe(200);
      orders.push(order.id);
    }
    // Two as if paid by card; the third stays a TEST order.
    await db().updateTable('orders').set({ provider: 'stripe' }).where('id', 'in', orders.slice(0, 2)).execute();
    const after = (await call('GET', '/admin/overview', admin.bearer)).json().data;
    expect(after.paidOrders - before.paidOrders).toBe(2);
    expect(after.testOrders - before.testOrders).toBe(1);
    const gbp = (data: typeof after) =>
      data.money.find((row: { currency: string }) => row.currency === 'GBP') ?? { sales: 0, fees: 0 };
    const paid = await db().selectFrom('orders').select(['total', 'booking_fee']).where('id', 'in', orders.slice(0, 2)).execute();
    expect(gbp(after).sales - gbp(before).sales).toBe(paid.reduce((sum, row) => sum + row.total, 0));
    expect(gbp(after).fees - gbp(before).fees).toBe(paid.reduce((sum, row) => sum + row.booking_fee, 0));
    expect(after.days).toHaveLength(14);
    expect(after.days.at(-1).orders).toBeGreaterThanOrEqual(2);
    expect(after.topEvents).toContainEqual({ eventId: sale.event.id, title: sale.event.title, orders: 2 });
  });
});

describe('one account as support sees it', () => {
  it('shows its orders signed in or with its address, its organisations, its opened cases and its history', async () => {
    const admin = await fullAdmin();
    const person = await signedInAccount(api.app, db(), { firstName: 'Grace', lastName: 'Hopper' });
    const email = person.account.email;
    const sale = await eventOnSale(api.app, db());
    const typeId = (sale.types[0] as { id: string }).id;
    const orderOf = async (buyer: { name: string; email: string }, headers: Bearer = {}) => {
      orderLine += 1;
      return heldOrder(
        api.app,
        orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 1 }], buyer),
        headers,
        lineAddress(orderLine),
      );
    };
    const signedIn = await orderOf({ name: 'Grace Hopper', email }, person.bearer);
    const asGuest = await orderOf({ name: 'Grace Hopper', email: email.toUpperCase() });
    const someoneElse = await orderOf(newBuyer());
    await db()
      .insertInto('organization_members')
      .values({ organization_id: sale.organiser.organizationId, user_id: person.authId, role: 'finance' })
      .execute();
    const raised = await call('POST', '/help/cases', person.bearer, {
      categorySlug: 'payments-and-refunds',
      subject: 'Two orders, one show',
      description: 'I booked twice by mistake.',
    });
    expect(raised.statusCode).toBe(201);
    expect((await call('POST', `/admin/users/${person.authId}/password-reset`, admin.bearer)).statusCode).toBe(200);

    const answer = await call('GET', `/admin/users/${person.authId}`, admin.bearer);
    expect(answer.statusCode).toBe(200);
    const detail = answer.json().data;
    expect(detail.user).toMatchObject({ id: person.authId, email, name: 'Grace Hopper' });
    const orderIds = detail.orders.map((order: { id: string }) => order.id);
    expect(orderIds).toEqual(expect.arrayContaining([signedIn.id, asGuest.id]));
    expect(orderIds).not.toContain(someoneElse.id);
    expect(detail.orders[0]).toMatchObject({ eventTitle: sale.event.title, currency: 'GBP', status: 'pending' });
    expect(detail.organisations).toEqual([
      expect.objectContaining({ id: sale.organiser.organizationId, role: 'finance', suspended: false }),
    ]);
    expect(detail.cases).toEqual([expect.objectContaining({ reference: raised.json().data.reference, state: 'new' })]);
    expect(detail.audit.map((entry: { action: string }) => entry.action)).toContain('admin.password_reset_sent');
  });

  it('answers 404 for an account that does not exist and 400 for an id that is not one', async () => {
    const admin = await fullAdmin();
    expect((await call('GET', `/admin/users/${randomUUID()}`, admin.bearer)).statusCode).toBe(404);
    expect((await call('GET', '/admin/users/not-an-id', admin.bearer)).statusCode).toBe(400);
  });
});

describe('the work waiting on administrators', () => {
  it('counts events on sale, organisers to review, open cases, mail given up on and webhooks that matched no payment', async () => {
    const admin = await fullAdmin();
    const waiting = async () => (await call('GET', '/admin/overview', admin.bearer)).json().data.waiting;
    const before = await waiting();

    const sale = await eventOnSale(api.app, db());
    await db()
      .updateTable('organizations')
      .set({ kyc_status: 'pending' })
      .where('id', '=', sale.organiser.organizationId)
      .execute();
    const person = await signedInAccount(api.app, db());
    const raised = await call('POST', '/help/cases', person.bearer, {
      categorySlug: 'payments-and-refunds',
      subject: 'Where is my refund?',
      description: 'The show was cancelled last week.',
    });
    expect(raised.statusCode).toBe(201);
    await db()
      .insertInto('mail_outbox')
      .values([
        { to_address: 'gone@example.com', subject: 'Given up', text_body: 'x', html_body: 'x', attempts: maxAttempts },
        { to_address: 'later@example.com', subject: 'Still trying', text_body: 'x', html_body: 'x', attempts: 1 },
      ])
      .execute();
    await db()
      .insertInto('payment_events')
      .values([
        {
          provider: 'stripe',
          provider_event_id: `evt_${randomUUID()}`,
          type: 'checkout.session.completed',
          outcome: 'unknown_payment',
          payload: '{}',
        },
        {
          provider: 'stripe',
          provider_event_id: `evt_${randomUUID()}`,
          type: 'checkout.session.completed',
          outcome: 'ignored',
          payload: '{}',
        },
      ])
      .execute();

    const after = await waiting();
    expect(after).toEqual({
      eventsOnSale: before.eventsOnSale + 1,
      organisersToReview: before.organisersToReview + 1,
      openCases: before.openCases + 1,
      undeliveredMail: before.undeliveredMail + 1,
      failedWebhooks: before.failedWebhooks + 1,
    });

    // An event that has ended is no longer on sale; a decided organiser no longer waits.
    await db()
      .updateTable('events')
      .set({ starts_at: new Date(Date.now() - 7200_000), ends_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', sale.event.id)
      .execute();
    await db()
      .updateTable('organizations')
      .set({ kyc_status: 'verified' })
      .where('id', '=', sale.organiser.organizationId)
      .execute();
    const later = await waiting();
    expect(later.eventsOnSale).toBe(before.eventsOnSale);
    expect(later.organisersToReview).toBe(before.organisersToReview);
  });
});

describe('suspending a user', () => {
  it('ends their token at once, refuses their sign-in and refresh, records the reason; reactivating lets them back', async () => {
    const admin = await fullAdmin();
    const person = await signedInAccount(api.app, db());
    expect((await call('GET', `/users/${person.authId}`, person.bearer)).statusCode).toBe(200);

    const noReason = await call('POST', `/admin/users/${person.authId}/suspend`, admin.bearer, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const suspended = await call('POST', `/admin/users/${person.authId}/suspend`, admin.bearer, { reason: 'Reselling tickets.' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data).toMatchObject({ suspensionReason: 'Reselling tickets.' });

    const refused = await call('GET', `/users/${person.authId}`, person.bearer);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This account is suspended. Please contact support.');
    const signIn = await post(api.app, '/auth/signIn', { email: person.account.email, password: person.account.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe('This account is suspended. Please contact support.');
    const refresh = await post(api.app, '/auth/refreshToken', { refreshToken: person.refreshToken, authId: person.authId });
    expect(refresh.statusCode).toBe(401);

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('subject_id', '=', person.authId)
      .where('action', 'like', 'admin.%')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.user_suspended', actor_id: admin.authId, details: { reason: 'Reselling tickets.' } },
    ]);

    expect(
      (await call('POST', `/admin/users/${person.authId}/reactivate`, admin.bearer, { reason: 'Appeal upheld.' })).statusCode,
    ).toBe(200);
    const again = await post(api.app, '/auth/signIn', { email: person.account.email, password: person.account.password });
    expect(again.statusCode).toBe(200);
    expect((await call('GET', `/users/${person.authId}`, person.bearer)).statusCode).toBe(200);
  });

  it('is refused for an administrator and for an account already suspended', async () => {
    const admin = await fullAdmin();
    const other = await userInDb(db(), { admin: true });
    expect((await call('POST', `/admin/users/${other.id}/suspend`, admin.bearer, { reason: 'No.' })).statusCode).toBe(409);
    const person = await userInDb(db());
    expect((await call('POST', `/admin/users/${person.id}/suspend`, admin.bearer, { reason: 'Spam.' })).statusCode).toBe(200);
    expect((await call('POST', `/admin/users/${person.id}/suspend`, admin.bearer, { reason: 'Spam.' })).statusCode).toBe(409);
  });

  it('lists users newest first in keyset pages, found by email prefix', async () => {
    const admin = await fullAdmin();
    for (let index = 0; index < 3; index += 1) await userInDb(db());
    const found = await call('GET', `/admin/users?q=${encodeURIComponent(admin.account.email.slice(0, 12))}`, admin.bearer);
    expect(found.json().data.items.map((user: { email: string }) => user.email)).toContain(admin.account.email);
    const first = (await call('GET', '/admin/users', admin.bearer)).json().data;
    expect(first.items).toHaveLength(25);
    const second = (await call('GET', `/admin/users?after=${first.next}`, admin.bearer)).json().data;
    const firstIds = new Set(first.items.map((user: { id: string }) => user.id));
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((user: { id: string }) => firstIds.has(user.id))).toBe(false);
    expect((await call('GET', '/admin/users?after=nonsense', admin.bearer)).statusCode).toBe(400);
  });
});
