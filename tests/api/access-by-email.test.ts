import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, newAccount, post, signedInAccount } from '../fixtures/accounts.ts';
import { verifiedOrganizer } from '../fixtures/events.ts';
import { eventOnSale, heldOrder, orderBody } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// An email address grants access (guest orders, invitations) only once its owner has confirmed it.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const get = (url: string, headers: Record<string, string>) => api.app.inject({ method: 'GET', url: `/api${url}`, headers });
const setConfirmed = (userId: string, confirmed: boolean) =>
  api.database.db
    .updateTable('users')
    .set({ email_confirmed_at: confirmed ? new Date() : null })
    .where('id', '=', userId)
    .execute();

async function guestOrderFor(email: string) {
  const { event, types } = await eventOnSale(api.app, api.database.db);
  return heldOrder(
    api.app,
    orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }], { name: 'Guest Buyer', email }),
  );
}

describe('guest orders bought with an email', () => {
  it('stay out of reach of an unconfirmed sign-up with that email, and open to it once it is confirmed', async () => {
    const account = newAccount();
    const order = await guestOrderFor(account.email);
    await post(api.app, '/auth/signUp', account);
    // Unconfirmed: no session to read the order with.
    const early = await post(api.app, '/auth/signIn', { email: account.email, password: account.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().data).toBeUndefined();

    const confirmed = await post(api.app, '/auth/confirmSignup', {
      email: account.email,
      code: await latestCode(api.database.db, account.email),
      password: account.password,
    });
    const bearer = { authorization: `Bearer ${confirmed.json().data.accessToken}` };
    expect((await get(`/orders/${order.id}`, bearer)).statusCode).toBe(200);
    const mine = (await get('/orders/mine', bearer)).json().data.items.map((item: { id: string }) => item.id);
    expect(mine).toEqual([order.id]);
  });

  it('are not readable by an account whose address is not confirmed, even with a valid session', async () => {
    const buyer = await signedInAccount(api.app, api.database.db);
    const order = await guestOrderFor(buyer.account.email);
    await setConfirmed(buyer.authId, false);
    expect((await get(`/orders/${order.id}`, buyer.bearer)).statusCode).toBe(404);
    expect((await get('/orders/mine', buyer.bearer)).json().data.items).toEqual([]);
    await setConfirmed(buyer.authId, true);
    expect((await get(`/orders/${order.id}`, buyer.bearer)).statusCode).toBe(200);
  });
});

describe('team invitations sent to an email', () => {
  it('cannot be accepted by an account whose address is not confirmed', async () => {
    const owner = await verifiedOrganizer(api.app, api.database.db);
    const invitee = await signedInAccount(api.app, api.database.db);
    const invited = await api.app.inject({
      method: 'POST',
      url: `/api/organizations/${owner.organizationId}/invitations`,
      headers: owner.bearer,
      payload: { email: invitee.account.email, role: 'door' },
    });
    expect(invited.statusCode).toBe(201);
    const mail = await api.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', invitee.account.email)
      .where('subject', 'like', 'Join %')
      .executeTakeFirstOrThrow();
    const token = /\/invitations\/([\w-]{43})/.exec(mail.text_body)?.[1];
    await setConfirmed(invitee.authId, false);
    const refused = await post(api.app, `/invitations/${token}/accept`, {}, invitee.bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Confirm /);
    await setConfirmed(invitee.authId, true);
    expect((await post(api.app, `/invitations/${token}/accept`, {}, invitee.bearer)).statusCode).toBe(200);
  });
});
