import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../server/features/users/users.repository.ts';
import { recordAudit } from '../../server/lib/audit-log.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const get = async (url: string, bearer: Record<string, string>) =>
  (await api.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer })).json().data;

async function administrator() {
  const account = await signedInAccount(api.app, db(), { firstName: 'Ada', lastName: 'Admin' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  return account;
}

async function person(email: string, firstName: string, lastName: string) {
  return insertUser(db(), {
    email,
    firstName,
    lastName,
    passwordHash: 'not-a-real-hash',
    dateOfBirth: '1990-05-17',
    userType: 'attendee',
    isAdmin: false,
    emailConfirmedAt: new Date(),
  });
}

describe('admin search', () => {
  it('finds users by the start of the email, of its domain, of the first or last name, or of the full name, whatever the case', async () => {
    const admin = await administrator();
    const tag = randomUUID().slice(0, 8);
    await person(`quill.${tag}@harbour${tag}.test`, `Zephyrine${tag}`, `Oddbody${tag}`);
    const emails = async (q: string) =>
      (await get(`/admin/users?q=${encodeURIComponent(q)}`, admin.bearer)).items.map((row: { email: string }) => row.email);
    const mine = [`quill.${tag}@harbour${tag}.test`];
    expect(await emails(`quill.${tag}@harbour`)).toEqual(mine);
    // The email's domain, with or without its @.
    expect(await emails(`HARBOUR${tag}`)).toEqual(mine);
    expect(await emails(`@harbour${tag}`)).toEqual(mine);
    expect(await emails(`ZEPHYRINE${tag}`)).toEqual(mine);
    expect(await emails(`oddbody${tag}`)).toEqual(mine);
    expect(await emails(`zephyrine${tag} odd`)).toEqual(mine);
    // With an @ it is an email only: a name that happens to match does not.
    expect(await emails(`zephyrine${tag}@`)).toEqual([]);
    // A wildcard is a character, not a pattern.
    expect(await emails(`%${tag}`)).toEqual([]);
    expect(await emails(`quill_${tag}`)).toEqual([]);
    expect(await emails(`@%${tag}`)).toEqual([]);
  });

  it('finds audit entries by the actor’s email, an action prefix or the object’s id', async () => {
    const admin = await administrator();
    const subject = randomUUID();
    const action = `bench.search_${randomUUID().slice(0, 8)}`;
    await recordAudit(db(), { actorId: admin.authId, action, subjectType: 'order', subjectId: subject });
    await recordAudit(db(), { actorId: null, action: 'bench.other', subjectType: 'order', subjectId: randomUUID() });
    const found = async (q: string) =>
      (await get(`/admin/audit?q=${encodeURIComponent(q)}`, admin.bearer)).items.map(
        (row: { action: string }) => row.action,
      ) as string[];
    expect(await found(action.slice(0, -3))).toEqual([action]);
    expect(await found(subject)).toEqual([action]);
    expect(await found(admin.account.email.toUpperCase())).toContain(action);
    expect(await found(admin.account.email)).not.toContain('bench.other');
  });
});
