import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordLapsedActing } from '../../server/features/admin/acting.service.ts';
import { actingEndedMessage, refusedWhileActingMessage } from '../../src/contract/acting.ts';
import type { AdminPermission } from '../../src/contract/admin.ts';
import { SIGN_IN_AGAIN } from '../../src/contract/admin-sales.ts';
import { post, signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb, userInDb } from '../fixtures/admin.ts';
import { eventOnSale, heldOrder, lineAddress, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, bearer: Bearer, payload?: object, headers: Bearer = {}) =>
  api.app.inject({ method, url: `/api${url}`, headers: { ...bearer, ...headers }, ...(payload ? { payload } : {}) });

async function adminWith(permissions: AdminPermission[]) {
  const account = await signedInAccount(api.app, db(), { firstName: 'Kit', lastName: 'Support' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  await db().deleteFrom('admin_group_members').where('user_id', '=', account.authId).execute();
  await groupInDb(db(), permissions, [account.authId]);
  return account;
}

const reason = 'Customer asked on case #812 why their tickets are missing.';
const act = (admin: Bearer, userId: string, body: object = { reason }) => call('POST', `/admin/users/${userId}/act`, admin, body);
const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

async function startActing(admin: Bearer, userId: string) {
  const started = await act(admin, userId);
  expect(started.statusCode).toBe(200);
  return started.json().data as { accessToken: string; expiresAt: number; user: { id: string; email: string; name: string } };
}

/** Audit rows are written once the answer is sent: wait for the one expected. */
const auditOf = (userId: string) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('subject_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

let lines = 900;
async function paidOrderOf(buyer: Bearer) {
  const sale = await eventOnSale(api.app, db());
  lines += 1;
  const body = orderBody(sale.event.id, [{ ticketTypeId: (sale.types[0] as { id: string }).id, quantity: 1 }]);
  const order = await heldOrder(api.app, body, buyer, lineAddress(lines));
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  return { ...sale, order, body };
}

describe('starting to act as a user', () => {
  it('gives a token for the user with the administrator as actor, for at most 30 minutes, and audits the reason', async () => {
    const admin = await adminWith(['users.manage']);
    const person = await signedInAccount(api.app, db(), { firstName: 'Alex', lastName: 'Attendee' });
    const response = await act(admin.bearer, person.authId);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('You are acting as Alex Attendee for support.');
    const started = response.json().data;
    expect(started.user).toEqual({ id: person.authId, email: person.account.email, name: 'Alex Attendee' });
    // Never refreshable: no refresh token in the answer and no cookie set.
    expect(started.refreshToken).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    const claims = claimsOf(started.accessToken);
    expect(claims.sub).toBe(person.authId);
    expect(claims.act).toEqual({ sub: admin.authId });
    expect(claims.auth_time).toBeUndefined();
    expect(claims.exp).toBe(started.expiresAt);
    expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(30 * 60);
    expect((claims.exp as number) - Date.now() / 1000).toBeGreaterThan(29 * 60);
    const session = await db()
      .selectFrom('acting_sessions')
      .selectAll()
      .where('id', '=', claims.jti as string)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ admin_id: admin.authId, user_id: person.authId, reason, ended_at: null });
    expect(await auditOf(person.authId)).toContainEqual({
      action: 'admin.acting_started',
      actor_id: admin.authId,
      details: { reason, actingId: claims.jti, expiresAt: new Date(started.expiresAt * 1000).toISOString() },
    });
  });

  it('is refused for administrators and suspended accounts, without a reason, without users.manage and after a stale sign-in', async () => {
    const admin = await adminWith(['users.manage']);
    const otherAdmin = await userInDb(db(), { admin: true });
    const asAdmin = await act(admin.bearer, otherAdmin.id);
    expect(asAdmin.statusCode).toBe(409);
    expect(asAdmin.json().message).toBe('You cannot act as an administrator.');

    const suspended = await userInDb(db());
    await db()
      .updateTable('users')
      .set({ suspended_at: new Date(), suspension_reason: 'Touting.' })
      .where('id', '=', suspended.id)
      .execute();
    const asSuspended = await act(admin.bearer, suspended.id);
    expect(asSuspended.statusCode).toBe(409);
    expect(asSuspended.json().message).toBe('This account is suspended: you cannot act as it.');

    const person = await userInDb(db());
    const noReason = await act(admin.bearer, person.id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'body.reason', message: expect.any(String) }]);
    expect((await act(admin.bearer, person.id, { reason: '  ' })).statusCode).toBe(400);
    expect((await act(admin.bearer, randomUUID())).statusCode).toBe(404);

    const reader = await adminWith(['users.read']);
    expect((await act(reader.bearer, person.id)).statusCode).toBe(403);
    const attendee = await signedInAccount(api.app, db());
    expect((await act(attendee.bearer, person.id)).statusCode).toBe(403);
    expect((await act({}, person.id)).statusCode).toBe(401);

    // A token refreshed 20 minutes into the session still carries the first sign-in's time.
    await sql`update refresh_tokens set created_at = ${new Date(Date.now() - 20 * 60_000)} where user_id = ${admin.authId}`.execute(
      db(),
    );
    const refreshed = await post(api.app, '/auth/refreshToken', { refreshToken: admin.refreshToken, authId: admin.authId });
    const stale = await act(bearerOf(refreshed.json().data.accessToken), person.id);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().errors).toEqual([{ path: 'auth', message: SIGN_IN_AGAIN }]);

    const started = await db().selectFrom('acting_sessions').select('id').where('admin_id', '=', admin.authId).execute();
    expect(started).toEqual([]);
    for (const id of [otherAdmin.id, suspended.id, person.id]) expect(await auditOf(id)).toEqual([]);
  });
});

describe('while acting as a user', () => {
  it('reads what the user reads, such as their bookings, and audits each write with its status', async () => {
    const admin = await adminWith(['users.manage']);
    const person = await signedInAccount(api.app, db(), { firstName: 'Alex', lastName: 'Attendee' });
    const { order } = await paidOrderOf(person.bearer);
    const acting = bearerOf((await startActing(admin.bearer, person.authId)).accessToken);

    const mine = await call('GET', '/orders/mine', acting);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.items.map((item: { id: string }) => item.id)).toEqual([order.id]);
    expect((await call('GET', `/users/${person.authId}`, acting)).json().data.email).toBe(person.account.email);
    // The token is the user's, not the administrator's: another account stays closed.
    expect((await call('GET', `/users/${admin.authId}`, acting)).statusCode).toBe(403);

    const saved = await call('PATCH', `/users/${person.authId}`, acting, { firstName: 'Alexa' });
    expect(saved.statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(await auditOf(person.authId)).toContainEqual({
        action: 'admin.acting_request',
        actor_id: admin.authId,
        details: { method: 'PATCH', route: '/users/:id', status: 200, actingId: expect.any(String) },
      }),
    );
    const reads = (await auditOf(person.authId)).filter((row) => row.action === 'admin.acting_request');
    expect(reads).toHaveLength(1);
  });

  it('refuses paying, booking, refunds, the password and every admin route with one message, and audits the attempts', async () => {
    const admin = await adminWith(['users.manage', 'users.read']);
    const organiser = await signedInAccount(api.app, db(), { userType: 'organiser', organizationName: 'Quayside Sounds' });
    await db()
      .updateTable('organizations')
      .set({ kyc_status: 'verified', payouts_enabled: true, charges_enabled: true })
      .where('id', '=', organiser.user.organizationId as string)
      .execute();
    const buyer = await signedInAccount(api.app, db());
    const { order, body } = await paidOrderOf(buyer.bearer);
    const held = await heldOrder(api.app, body, {}, lineAddress(++lines));

    const asBuyer = bearerOf((await startActing(admin.bearer, buyer.authId)).accessToken);
    const refusals = [
      await call('POST', `/payments/sandbox/${(held.paymentUrl ?? '').split('/').pop()}`, asBuyer, {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        name: 'Grace Hopper',
      }),
      await call('POST', '/orders', asBuyer, body, { 'idempotency-key': randomUUID() }),
      await call('POST', '/auth/changePassword', asBuyer, {
        currentPassword: buyer.account.password,
        newPassword: 'a brand new lighthouse',
      }),
      await call('GET', '/admin/users', asBuyer),
      await call('POST', `/admin/users/${buyer.authId}/act`, asBuyer, { reason }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ httpStatus: 'FORBIDDEN', message: refusedWhileActingMessage });
    }
    const payment = await db().selectFrom('orders').select('status').where('id', '=', held.id).executeTakeFirstOrThrow();
    expect(payment.status).not.toBe('paid');
    expect((await post(api.app, '/auth/signIn', buyer.account)).statusCode).toBe(200);

    const asOrganiser = bearerOf((await startActing(admin.bearer, organiser.authId)).accessToken);
    const refund = await call(
      'POST',
      `/orders/${order.id}/refunds`,
      asOrganiser,
      { reason: 'Asked to.' },
      { 'idempotency-key': randomUUID() },
    );
    expect(refund.statusCode).toBe(403);
    expect(refund.json().message).toBe(refusedWhileActingMessage);
    const verification = await call('POST', `/organizations/${organiser.user.organizationId}/verification/submit`, asOrganiser);
    expect(verification.statusCode).toBe(403);

    await vi.waitFor(async () => {
      const writes = (await auditOf(buyer.authId)).filter((row) => row.action === 'admin.acting_request');
      // Each is written once its answer has gone, so two close together may land in either order.
      expect(writes.map((row) => `${row.details.method} ${row.details.route} ${row.details.status}`).sort()).toEqual([
        'POST /admin/users/:userId/act 403',
        'POST /auth/changePassword 403',
        'POST /orders 403',
        'POST /payments/sandbox/:sessionId 403',
      ]);
    });
  });

  it('cannot be refreshed, ends with its time limit, and stops with the acting token, audited', async () => {
    const admin = await adminWith(['users.manage']);
    const person = await signedInAccount(api.app, db());
    const started = await startActing(admin.bearer, person.authId);
    const acting = bearerOf(started.accessToken);
    const actingId = claimsOf(started.accessToken).jti as string;

    const refresh = await post(api.app, '/auth/refreshToken', { refreshToken: started.accessToken, authId: person.authId });
    expect(refresh.statusCode).toBe(401);
    // The administrator's own session is untouched: their refresh gives their own token, without an actor.
    const own = await post(api.app, '/auth/refreshToken', { refreshToken: admin.refreshToken, authId: admin.authId });
    expect(own.statusCode).toBe(200);
    expect(claimsOf(own.json().data.accessToken)).toMatchObject({ sub: admin.authId });
    expect(claimsOf(own.json().data.accessToken).act).toBeUndefined();

    // Stopping needs the acting token: the administrator's own token is not acting as anyone.
    expect((await call('POST', `/admin/users/${person.authId}/act/stop`, bearerOf(own.json().data.accessToken))).statusCode).toBe(
      409,
    );
    const stopped = await call('POST', `/admin/users/${person.authId}/act/stop`, acting);
    expect(stopped.statusCode).toBe(200);
    const after = await call('GET', '/orders/mine', acting);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(actingEndedMessage);
    // The stop is itself a write made with the acting token, recorded once its answer is sent.
    const acted = async () => (await auditOf(person.authId)).filter((row) => row.action.startsWith('admin.acting_'));
    await vi.waitFor(async () =>
      expect((await acted()).map((row) => row.action)).toEqual([
        'admin.acting_started',
        'admin.acting_ended',
        'admin.acting_request',
      ]),
    );
    expect((await acted())[1]).toMatchObject({ actor_id: admin.authId, details: { reason, actingId } });

    // A session past its 30 minutes refuses its token though the token itself has not expired yet.
    const again = await startActing(admin.bearer, person.authId);
    await db()
      .updateTable('acting_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', claimsOf(again.accessToken).jti as string)
      .execute();
    expect((await call('GET', '/orders/mine', bearerOf(again.accessToken))).statusCode).toBe(401);
    // Its end is recorded once, however many instances look for lapsed sessions at the same moment.
    const lapsedId = claimsOf(again.accessToken).jti as string;
    await Promise.all([recordLapsedActing(db()), recordLapsedActing(db())]);
    await recordLapsedActing(db());
    const ends = (await auditOf(person.authId)).filter(
      (row) => row.action === 'admin.acting_ended' && row.details.actingId === lapsedId,
    );
    expect(ends).toEqual([
      {
        action: 'admin.acting_ended',
        actor_id: admin.authId,
        details: expect.objectContaining({ reason, actingId: lapsedId, endedBy: 'time limit' }),
      },
    ]);
    const session = await db()
      .selectFrom('acting_sessions')
      .select(['ended_at', 'expires_at'])
      .where('id', '=', lapsedId)
      .executeTakeFirstOrThrow();
    expect(session.ended_at).toEqual(session.expires_at);
    const tooLong = db()
      .updateTable('acting_sessions')
      .set({ expires_at: sql`started_at + interval '31 minutes'` })
      .where('id', '=', claimsOf(again.accessToken).jti as string)
      .execute();
    await expect(tooLong).rejects.toThrow(/acting_sessions_short/);
  });

  it('ends when the user is suspended meanwhile', async () => {
    const admin = await adminWith(['users.manage']);
    const person = await signedInAccount(api.app, db());
    const acting = bearerOf((await startActing(admin.bearer, person.authId)).accessToken);
    expect((await call('GET', '/orders/mine', acting)).statusCode).toBe(200);
    const suspended = await call('POST', `/admin/users/${person.authId}/suspend`, admin.bearer, { reason: 'Touting.' });
    expect(suspended.statusCode).toBe(200);
    expect((await call('GET', '/orders/mine', acting)).statusCode).toBe(401);
  });
});
