import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../server/db/migrations/0012_sign_up_attempts.ts';
import { insertOrganizationWithOwner, insertUser } from '../../server/features/users/users.repository.ts';
import { hashPassword } from '../../server/lib/auth/passwords.ts';
import { latestCode, newAccount, post, signedInAccount } from '../fixtures/accounts.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('accounts left unconfirmed before sign-up attempts', () => {
  it('become sign-ups whose password works only with a new code mailed to the address', async () => {
    const db = api.database.db;
    const confirmed = await signedInAccount(api.app, db, { userType: 'organiser', organizationName: 'Kept Promotions' });
    // The database as it was: tables of migration 0012 not there yet, and an organiser who never confirmed.
    await sql`drop table known_devices`.execute(db);
    await sql`drop table sign_up_attempts`.execute(db);
    const legacy = newAccount({ firstName: 'Lena' });
    const legacyId = await insertUser(db, {
      email: legacy.email,
      firstName: 'Lena',
      lastName: 'Legacy',
      passwordHash: await hashPassword(legacy.password),
      dateOfBirth: '1991-02-03',
      userType: 'organiser',
    });
    await insertOrganizationWithOwner(db, 'Never Confirmed Ltd', legacyId);

    await up(db as never);

    const users = await db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', [legacy.email, confirmed.account.email])
      .execute();
    expect(users).toEqual([{ id: confirmed.authId }]);
    const names = (await db.selectFrom('organizations').select('name').execute()).map((row) => row.name);
    expect(names).toContain('Kept Promotions');
    expect(names).not.toContain('Never Confirmed Ltd');

    const credentials = { email: legacy.email, password: legacy.password };
    expect((await post(api.app, '/auth/signIn', credentials)).statusCode).toBe(403);
    await post(api.app, '/auth/resendConfirmationCode', credentials);
    const code = await latestCode(db, legacy.email);
    const done = await post(api.app, '/auth/confirmSignup', { ...credentials, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user).toMatchObject({
      firstName: 'Lena',
      userType: 'organiser',
      dateOfBirth: Date.UTC(1991, 1, 3) / 1000,
    });
    expect((await post(api.app, '/auth/signIn', credentials)).statusCode).toBe(200);
  });
});
