import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, newAccount, post, signedInAccount } from '../fixtures/accounts.ts';
import { userInDb } from '../fixtures/admin.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (url: string, bearer: Bearer, payload?: object) =>
  api.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer, ...(payload ? { payload } : {}) });

let admin: Awaited<ReturnType<typeof signedInAccount>> | undefined;
const fullAdmin = async () => {
  if (!admin) {
    admin = await signedInAccount(api.app, db(), { firstName: 'Ada', lastName: 'Admin' });
    await db().updateTable('users').set({ is_admin: true }).where('id', '=', admin.authId).execute();
  }
  return admin;
};

const auditOf = (subjectId: string) =>
  db().selectFrom('audit_log').select(['action', 'actor_id', 'details']).where('subject_id', '=', subjectId).execute();

const mailsTo = (email: string) => db().selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();

describe('sending a password reset from /admin/users', () => {
  it('mails the forgotten-password code, which sets a new password, and records who sent it', async () => {
    const { bearer, authId } = await fullAdmin();
    const person = await signedInAccount(api.app, db());
    const sent = await call(`/admin/users/${person.authId}/password-reset`, bearer);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      httpStatus: 'OK',
      message: `A password reset code was emailed to ${person.account.email}.`,
      data: { to: person.account.email },
    });
    const code = await latestCode(db(), person.account.email);
    const reset = await post(api.app, '/auth/confirmForgotPassword', {
      email: person.account.email,
      code,
      password: 'a-brand-new-passphrase-77',
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await post(api.app, '/auth/signIn', { email: person.account.email, password: 'a-brand-new-passphrase-77' });
    expect(signIn.statusCode).toBe(200);
    expect(await auditOf(person.authId)).toContainEqual({
      action: 'admin.password_reset_sent',
      actor_id: authId,
      details: {},
    });
  });

  it('answers 404 for an unknown account, 400 for a malformed id and 409 for a suspended one, mailing nothing', async () => {
    const { bearer } = await fullAdmin();
    const unknown = await call('/admin/users/0b7e8c9e-1f43-4a53-9a41-2f6a8f0d0c11/password-reset', bearer);
    expect(unknown.statusCode).toBe(404);
    expect((await call('/admin/users/not-an-id/password-reset', bearer)).statusCode).toBe(400);

    const suspended = await userInDb(db());
    await db()
      .updateTable('users')
      .set({ suspended_at: new Date(), suspension_reason: 'Touting.' })
      .where('id', '=', suspended.id)
      .execute();
    const refused = await call(`/admin/users/${suspended.id}/password-reset`, bearer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This account is suspended: reactivate it before sending a password reset.');
    expect(await mailsTo(suspended.email)).toEqual([]);
    expect(await auditOf(suspended.id)).toEqual([]);
  });

  it('counts against the account’s mail limit, so repeated clicks cannot flood a mailbox', async () => {
    const { bearer } = await fullAdmin();
    const person = await userInDb(db());
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => call(`/admin/users/${person.id}/password-reset`, bearer).then((r) => r.statusCode)),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(2);
    expect(await mailsTo(person.email)).toHaveLength(5);
  });
});

describe('resending a confirmation code from /admin/users', () => {
  it('mails the waiting sign-up a new code: the old one stops working, the new one confirms with the chosen password', async () => {
    const { bearer, authId } = await fullAdmin();
    const account = newAccount();
    expect((await post(api.app, '/auth/signUp', account)).statusCode).toBe(201);
    const oldCode = await latestCode(db(), account.email);

    const sent = await call('/admin/users/resend-confirmation', bearer, { email: account.email.toUpperCase() });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(`A new confirmation code was emailed to ${account.email}.`);
    const newCode = await latestCode(db(), account.email);
    expect(newCode).not.toBe(oldCode);

    const stale = await post(api.app, '/auth/confirmSignup', { email: account.email, code: oldCode, password: account.password });
    expect(stale.statusCode).toBe(400);
    const confirmed = await post(api.app, '/auth/confirmSignup', {
      email: account.email,
      code: newCode,
      password: account.password,
    });
    expect(confirmed.statusCode).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'subject_type'])
      .where('action', '=', 'admin.confirmation_code_sent')
      .where(({ ref, eb }) => eb(eb.fn('jsonb_extract_path_text', [ref('details'), eb.val('email')]), '=', account.email))
      .execute();
    expect(audit).toEqual([{ actor_id: authId, subject_type: 'sign_up' }]);
  });

  it('answers 409 when the address already has an account, 404 when no sign-up waits and 400 for a malformed address', async () => {
    const { bearer } = await fullAdmin();
    const existing = await userInDb(db());
    const taken = await call('/admin/users/resend-confirmation', bearer, { email: existing.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This address already has a confirmed account: send a password reset instead.');
    const nobody = await call('/admin/users/resend-confirmation', bearer, { email: 'nobody.waiting@example.test' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('No sign-up is waiting for confirmation at that address.');
    const malformed = await call('/admin/users/resend-confirmation', bearer, { email: 'not an address' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors?.[0]?.path).toContain('email');
    expect(await mailsTo(existing.email)).toEqual([]);
  });

  it('two admins clicking at once each mail a code, and only the newest works', async () => {
    const { bearer } = await fullAdmin();
    const account = newAccount();
    expect((await post(api.app, '/auth/signUp', account)).statusCode).toBe(201);
    const both = await Promise.all([
      call('/admin/users/resend-confirmation', bearer, { email: account.email }),
      call('/admin/users/resend-confirmation', bearer, { email: account.email }),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const newest = await latestCode(db(), account.email);
    const confirmed = await post(api.app, '/auth/confirmSignup', {
      email: account.email,
      code: newest,
      password: account.password,
    });
    expect(confirmed.statusCode).toBe(200);
  });

  it('is refused to an administrator without users.manage and to anyone else', async () => {
    const person = await signedInAccount(api.app, db());
    const account = newAccount();
    expect((await post(api.app, '/auth/signUp', account)).statusCode).toBe(201);
    expect((await call('/admin/users/resend-confirmation', person.bearer, { email: account.email })).statusCode).toBe(403);
    expect((await call(`/admin/users/${person.authId}/password-reset`, person.bearer)).statusCode).toBe(403);
    expect((await call(`/admin/users/${person.authId}/password-reset`, {})).statusCode).toBe(401);
  });
});
