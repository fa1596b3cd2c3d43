import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lostAnswerLeewaySeconds } from '../../server/features/auth/sessions.service.ts';
import { latestCode, newAccount, post, signedInAccount } from '../fixtures/accounts.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const usersWithEmail = (email: string) =>
  api.database.db.selectFrom('users').select('id').where('email', 'ilike', email).execute();
const mailCount = async (email: string) =>
  (await api.database.db.selectFrom('mail_outbox').select('id').where('to_address', 'ilike', email).execute()).length;

describe('sign-up and confirmation', () => {
  it('makes no account until the mailed code and the sign-up’s password confirm it, and then signs the person in', async () => {
    const account = newAccount();
    const created = await post(api.app, '/auth/signUp', account);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      httpStatus: 'CREATED',
      data: { email: account.email, codeDeliveredTo: expect.stringMatching(/^a\*\*\*@/) },
    });
    expect(await usersWithEmail(account.email)).toEqual([]);

    const early = await post(api.app, '/auth/signIn', { email: account.email, password: account.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().errors).toEqual([{ path: 'body.email', message: 'EMAIL_NOT_CONFIRMED' }]);
    expect(early.json().message).toMatch(/not confirmed yet/);

    const confirmed = await post(api.app, '/auth/confirmSignup', {
      email: account.email,
      code: await latestCode(api.database.db, account.email),
      password: account.password,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.user).toMatchObject({ email: account.email, firstName: 'Ada', emailConfirmed: true });
    expect(decodeJwt(confirmed.json().data.accessToken).sub).toBe(confirmed.json().data.authId);
    expect(confirmed.headers['set-cookie']).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^refreshToken=.*HttpOnly/i),
        expect.stringMatching(/^knownDevice=.*HttpOnly/i),
      ]),
    );

    const signedIn = await post(api.app, '/auth/signIn', { email: account.email.toUpperCase(), password: account.password });
    expect(signedIn.statusCode).toBe(200);
    const { accessToken, refreshToken, authId, user } = signedIn.json().data;
    expect(user).toMatchObject({
      email: account.email,
      firstName: 'Ada',
      dateOfBirth: account.dateOfBirth,
      platforms: ['attendee'],
      emailConfirmed: true,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(refreshToken).toMatch(/^[\w-]{40,}$/);
    const claims = decodeJwt(accessToken);
    expect(claims.sub).toBe(authId);
    expect((claims.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 60);
    expect(signedIn.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^refreshToken=.*HttpOnly.*SameSite=Strict/i)]),
    );
  });

  it('gives an organiser an organisation they own', async () => {
    const { authId, bearer, user } = await signedInAccount(api.app, api.database.db, {
      userType: 'organiser',
      organizationName: 'Night Owls',
    });
    expect(user).toMatchObject({ userType: 'organiser', organizationRole: 'owner', platforms: ['attendee', 'organiser'] });
    const me = await api.app.inject({ method: 'GET', url: `/api/users/${authId}`, headers: bearer });
    const organizationId = me.json().data.organizationId;
    const organization = await api.app.inject({ method: 'GET', url: `/api/organizations/${organizationId}` });
    expect(organization.json().data).toMatchObject({ id: organizationId, name: 'Night Owls', kycStatus: 'unverified' });
  });

  it('lists every invalid field and creates nothing', async () => {
    const response = await post(api.app, '/auth/signUp', {
      firstName: '',
      email: 'not-an-email',
      password: 'short',
      dateOfBirth: Math.floor(Date.now() / 1000),
      userType: 'organiser',
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.firstName', 'body.lastName', 'body.email', 'body.password', 'body.dateOfBirth']),
    );
    const attempts = await api.database.db
      .selectFrom('sign_up_attempts')
      .select('id')
      .where('email', '=', 'not-an-email')
      .execute();
    expect(attempts).toEqual([]);
  });

  it('refuses common passwords and an organiser without an organisation name', async () => {
    const common = await post(api.app, '/auth/signUp', newAccount({ password: 'Password123' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().errors[0]).toEqual({ path: 'body.password', message: expect.stringContaining('too common') });
    const unnamed = await post(api.app, '/auth/signUp', newAccount({ userType: 'organiser' }));
    expect(unnamed.json().errors).toEqual([{ path: 'body.organizationName', message: 'Name your organisation.' }]);
  });

  it('answers a sign-up for an address that has an account exactly like any other, and mails it nothing', async () => {
    const { account } = await signedInAccount(api.app, api.database.db);
    const fresh = await post(api.app, '/auth/signUp', newAccount());
    const mailsBefore = await mailCount(account.email);
    const again = await post(api.app, '/auth/signUp', {
      ...account,
      email: account.email.toUpperCase(),
      password: 'another secret',
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json().message).toBe(fresh.json().message);
    expect(await mailCount(account.email)).toBe(mailsBefore);
    expect(
      await api.database.db.selectFrom('sign_up_attempts').select('id').where('email', '=', account.email).execute(),
    ).toEqual([]);
    expect((await post(api.app, '/auth/signIn', { email: account.email, password: 'another secret' })).statusCode).toBe(400);
  });
});

describe('sign-in', () => {
  beforeEach(() => awayFromWindowEdge(15 * 60), 60_000);

  it('gives the same answer for an unknown address, a wrong password and a sign-up’s wrong password', async () => {
    const { account } = await signedInAccount(api.app, api.database.db);
    const waiting = newAccount();
    await post(api.app, '/auth/signUp', waiting);
    const wrongPassword = await post(api.app, '/auth/signIn', { email: account.email, password: 'not the password' });
    const unknown = await post(api.app, '/auth/signIn', { email: 'nobody@example.test', password: 'not the password' });
    const unconfirmed = await post(api.app, '/auth/signIn', { email: waiting.email, password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrongPassword.json());
    expect(unconfirmed.json()).toEqual(wrongPassword.json());
  });
});

describe('refresh tokens', () => {
  it('rotate on every use, and a reused one ends the whole session family', async () => {
    const { refreshToken, authId } = await signedInAccount(api.app, api.database.db);
    const first = await post(api.app, '/auth/refreshToken', { refreshToken, authId });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().data.refreshToken;
    expect(rotated).not.toBe(refreshToken);
    expect(decodeJwt(first.json().data.accessToken).sub).toBe(authId);
    const second = await post(api.app, '/auth/refreshToken', { refreshToken: rotated, authId });
    expect(second.statusCode).toBe(200);

    const replay = await post(api.app, '/auth/refreshToken', { refreshToken, authId });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().httpStatus).toBe('UNAUTHORIZED');
    expect(
      (await post(api.app, '/auth/refreshToken', { refreshToken: second.json().data.refreshToken, authId })).statusCode,
    ).toBe(401);
  });

  it('whose answer was lost may be used again within the leeway while its successor is unused, and only the newest lives', async () => {
    const { refreshToken, authId } = await signedInAccount(api.app, api.database.db);
    const lostAnswer = await post(api.app, '/auth/refreshToken', { refreshToken, authId });
    expect(lostAnswer.statusCode).toBe(200);
    const again = await post(api.app, '/auth/refreshToken', { refreshToken, authId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.refreshToken).not.toBe(lostAnswer.json().data.refreshToken);
    // The successor nobody received is revoked on its own; the family goes on.
    expect(
      (await post(api.app, '/auth/refreshToken', { refreshToken: lostAnswer.json().data.refreshToken, authId })).statusCode,
    ).toBe(401);
    expect((await post(api.app, '/auth/refreshToken', { refreshToken: again.json().data.refreshToken, authId })).statusCode).toBe(
      200,
    );
  });

  it('used again after the leeway end the whole family, even when the successor was never used', async () => {
    const { refreshToken, authId } = await signedInAccount(api.app, api.database.db);
    const first = await post(api.app, '/auth/refreshToken', { refreshToken, authId });
    expect(first.statusCode).toBe(200);
    await api.database.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - (lostAnswerLeewaySeconds + 1) * 1000) })
      .where('user_id', '=', authId)
      .where('used_at', 'is not', null)
      .execute();
    expect((await post(api.app, '/auth/refreshToken', { refreshToken, authId })).statusCode).toBe(401);
    expect((await post(api.app, '/auth/refreshToken', { refreshToken: first.json().data.refreshToken, authId })).statusCode).toBe(
      401,
    );
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', authId)
      .where('action', '=', 'session.refresh_token_reused')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('are read from the HttpOnly cookie when the body has none', async () => {
    const { refreshToken, authId } = await signedInAccount(api.app, api.database.db);
    const response = await post(api.app, '/auth/refreshToken', { authId }, { cookie: `refreshToken=${refreshToken}` });
    expect(response.statusCode).toBe(200);
  });

  it('belong to one account only', async () => {
    const alice = await signedInAccount(api.app, api.database.db);
    const bob = await signedInAccount(api.app, api.database.db);
    expect((await post(api.app, '/auth/refreshToken', { refreshToken: alice.refreshToken, authId: bob.authId })).statusCode).toBe(
      401,
    );
  });

  it('leave exactly one live session after two simultaneous refreshes', async () => {
    const { refreshToken, authId } = await signedInAccount(api.app, api.database.db);
    const answers = await Promise.all([1, 2].map(() => post(api.app, '/auth/refreshToken', { refreshToken, authId })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const next = [];
    for (const answer of answers) {
      next.push(
        (await post(api.app, '/auth/refreshToken', { refreshToken: answer.json().data.refreshToken, authId })).statusCode,
      );
    }
    expect(next.sort()).toEqual([200, 401]);
  });

  it('stop working after sign-out', async () => {
    const { refreshToken, authId } = await signedInAccount(api.app, api.database.db);
    const out = await post(api.app, '/auth/signOut', {}, { cookie: `refreshToken=${refreshToken}` });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toMatch(/refreshToken=;/);
    expect((await post(api.app, '/auth/refreshToken', { refreshToken, authId })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists', async () => {
    const { account } = await signedInAccount(api.app, api.database.db);
    const known = await post(api.app, '/auth/forgotPassword', { email: account.email });
    const unknown = await post(api.app, '/auth/forgotPassword', { email: 'ghost@example.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('sets the new password with the mailed code and ends every session', async () => {
    const { account, refreshToken, authId } = await signedInAccount(api.app, api.database.db);
    await post(api.app, '/auth/forgotPassword', { email: account.email });
    const code = await latestCode(api.database.db, account.email);
    const weak = await post(api.app, '/auth/confirmForgotPassword', { email: account.email, code, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    const reset = await post(api.app, '/auth/confirmForgotPassword', {
      email: account.email,
      code,
      password: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post(api.app, '/auth/refreshToken', { refreshToken, authId })).statusCode).toBe(401);
    expect((await post(api.app, '/auth/signIn', { email: account.email, password: account.password })).statusCode).toBe(400);
    expect((await post(api.app, '/auth/signIn', { email: account.email, password: 'a brand new secret' })).statusCode).toBe(200);
  });
});

describe('accounts', () => {
  it('are readable and changeable by their owner only', async () => {
    const alice = await signedInAccount(api.app, api.database.db);
    const bob = await signedInAccount(api.app, api.database.db);
    const own = await api.app.inject({ method: 'GET', url: `/api/users/${alice.authId}`, headers: alice.bearer });
    expect(own.json().data).toMatchObject({ id: alice.authId, dateOfBirth: alice.account.dateOfBirth, organizationId: null });
    const other = await api.app.inject({ method: 'GET', url: `/api/users/${alice.authId}`, headers: bob.bearer });
    expect(other.statusCode).toBe(403);
    const change = await api.app.inject({
      method: 'PATCH',
      url: `/api/users/${alice.authId}`,
      headers: bob.bearer,
      payload: { firstName: 'Eve' },
    });
    expect(change.statusCode).toBe(403);
    const changed = await api.app.inject({
      method: 'PATCH',
      url: `/api/users/${alice.authId}`,
      headers: alice.bearer,
      payload: { firstName: 'Alice' },
    });
    expect(changed.json().data.firstName).toBe('Alice');
  });

  it('are readable by an admin', async () => {
    const alice = await signedInAccount(api.app, api.database.db);
    const admin = await signedInAccount(api.app, api.database.db);
    await api.database.db.updateTable('users').set({ is_admin: true }).where('id', '=', admin.authId).execute();
    const read = await api.app.inject({ method: 'GET', url: `/api/users/${alice.authId}`, headers: admin.bearer });
    expect(read.statusCode).toBe(200);
  });

  it('change password: the old sessions end and a new one starts', async () => {
    const { account, refreshToken, authId, bearer } = await signedInAccount(api.app, api.database.db);
    const wrong = await post(
      api.app,
      '/auth/changePassword',
      { currentPassword: 'nope', newPassword: 'another long secret' },
      bearer,
    );
    expect(wrong.json().errors[0].path).toBe('body.currentPassword');
    const changed = await post(
      api.app,
      '/auth/changePassword',
      { currentPassword: account.password, newPassword: 'another long secret' },
      bearer,
    );
    expect(changed.statusCode).toBe(200);
    expect((await post(api.app, '/auth/refreshToken', { refreshToken, authId })).statusCode).toBe(401);
    expect(
      (await post(api.app, '/auth/refreshToken', { refreshToken: changed.json().data.refreshToken, authId })).statusCode,
    ).toBe(200);
  });
});

describe('protected calls', () => {
  it('answer UNAUTHORIZED without a token, or with a broken one', async () => {
    const { authId, accessToken } = await signedInAccount(api.app, api.database.db);
    for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${accessToken}x`, `Basic ${accessToken}`]) {
      const response = await api.app.inject({
        method: 'GET',
        url: `/api/users/${authId}`,
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ httpStatus: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    }
  });
});
