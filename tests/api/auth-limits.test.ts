import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newAccount, signedInAccount } from '../fixtures/accounts.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const from = (remoteAddress: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress, headers });

async function statusesOf(count: number, send: (index: number) => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await send(index)).statusCode);
  return statuses;
}

const times = (count: number, status: number) => Array<number>(count).fill(status);

/** Signs in from the address, with the browser's device cookie when given; answers the response and the cookie. */
async function signInFrom(address: string, credentials: { email: string; password: string }, device?: string) {
  const response = await from(address, '/auth/signIn', credentials, device ? { cookie: `knownDevice=${device}` } : {});
  const cookie = response.cookies.find((candidate) => candidate.name === 'knownDevice');
  return { status: response.statusCode, body: response.json(), device: cookie?.value };
}

/** An account that has signed in once on a phone: the phone's device cookie. */
async function accountWithPhone() {
  const { account } = await signedInAccount(api.app, api.database.db);
  const first = await signInFrom('198.51.100.1', account);
  expect(first.device).toMatch(/^[\w-]{40,}$/);
  return { account, phone: first.device as string };
}

describe('sign-in limits', () => {
  // Every window here (15 minutes, an hour) ends on a quarter hour.
  beforeEach(() => awayFromWindowEdge(15 * 60, 90), 120_000);

  it('refuse an eleventh wrong password from one address with a readable 429, while the owner signs in from elsewhere', async () => {
    const { account } = await signedInAccount(api.app, api.database.db);
    const guess = { email: account.email, password: 'guess' };
    const statuses = await statusesOf(11, () => from('203.0.113.5', '/auth/signIn', guess));
    expect(statuses).toEqual([...times(10, 400), 429]);
    const refused = await signInFrom('203.0.113.5', account);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      httpStatus: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
    expect((await signInFrom('198.51.100.9', account)).status).toBe(200);
  });

  it('refuse guesses at an address with no account exactly as at one with an account', async () => {
    const statuses = await statusesOf(11, () =>
      from('203.0.113.6', '/auth/signIn', { email: 'nobody.here@example.test', password: 'guess' }),
    );
    expect(statuses).toEqual([...times(10, 400), 429]);
  });

  it('let the right password in from a phone that signed in before, even from the address that guessed', async () => {
    const { account, phone } = await accountWithPhone();
    await statusesOf(11, () => from('203.0.113.7', '/auth/signIn', { email: account.email, password: 'guess' }));
    expect((await signInFrom('203.0.113.7', account)).status).toBe(429);
    expect((await signInFrom('203.0.113.7', account, phone)).status).toBe(200);
  });

  it('never lock door staff out of their own phone, however many addresses a stranger guesses from', async () => {
    const { account, phone } = await accountWithPhone();
    const statuses = await statusesOf(55, (index) =>
      from(`10.66.${Math.floor(index / 200)}.${(index % 200) + 1}`, '/auth/signIn', { email: account.email, password: 'guess' }),
    );
    expect(statuses).toEqual([...times(50, 400), ...times(5, 429)]);
    // A new device waits out the account's ceiling; the phone that signed in before does not.
    expect((await signInFrom('198.51.100.20', account)).status).toBe(429);
    const door = await signInFrom('198.51.100.20', account, phone);
    expect(door.status).toBe(200);
    expect(door.device).toBe(phone);
  });

  it('give a known phone ten wrong passwords of its own before refusing it too', async () => {
    const { account, phone } = await accountWithPhone();
    const statuses = await statusesOf(11, (index) =>
      from(
        `10.67.0.${index + 1}`,
        '/auth/signIn',
        { email: account.email, password: 'guess' },
        { cookie: `knownDevice=${phone}` },
      ),
    );
    expect(statuses).toEqual([...times(10, 400), 429]);
    expect((await signInFrom('10.67.1.1', account, phone)).status).toBe(429);
  });

  it('treat the device cookie of another account, or a made-up one, as an unknown device', async () => {
    const mine = await accountWithPhone();
    const target = await accountWithPhone();
    await statusesOf(10, () => from('203.0.113.8', '/auth/signIn', { email: target.account.email, password: 'guess' }));
    expect((await signInFrom('203.0.113.8', target.account, mine.phone)).status).toBe(429);
    expect((await signInFrom('203.0.113.8', target.account, 'x'.repeat(43))).status).toBe(429);
  });

  it('count failed attempts only: a team signing in on a dozen phones from one address is never refused', async () => {
    const { account } = await signedInAccount(api.app, api.database.db);
    const statuses = await statusesOf(14, () => from('198.51.100.7', '/auth/signIn', account));
    expect(statuses).toEqual(times(14, 200));
  });

  it('stop a 101st sign-in from one address, whatever the accounts', async () => {
    const statuses = await statusesOf(101, (index) =>
      from('192.0.2.11', '/auth/signIn', { email: `someone${index}@example.test`, password: 'not it' }),
    );
    expect(statuses).toEqual([...times(100, 400), 429]);
  });
});

describe('password changes', () => {
  beforeEach(() => awayFromWindowEdge(60 * 60, 90), 120_000);

  const change = (bearer: Record<string, string>, currentPassword: string, newPassword: string) =>
    from('198.51.100.30', '/auth/changePassword', { currentPassword, newPassword }, bearer);

  it('refuse a sixth wrong current password within 15 minutes, and the right one with it', async () => {
    const { account, bearer } = await signedInAccount(api.app, api.database.db);
    const statuses = await statusesOf(6, (index) => change(bearer, `wrong guess ${index}`, 'a new long secret'));
    expect(statuses).toEqual([...times(5, 400), 429]);
    expect((await change(bearer, account.password, 'a new long secret')).statusCode).toBe(429);
  });

  it('refuse an eleventh change within the hour', async () => {
    const { account, bearer } = await signedInAccount(api.app, api.database.db);
    const passwords = [account.password, ...Array.from({ length: 11 }, (_, index) => `new long secret ${index}`)];
    const statuses = await statusesOf(11, (index) => change(bearer, passwords[index] as string, passwords[index + 1] as string));
    expect(statuses).toEqual([...times(10, 200), 429]);
  });
});

describe('code mails', () => {
  beforeEach(() => awayFromWindowEdge(60 * 60), 60_000);

  it('stop a 21st sign-up from one address within the hour', async () => {
    const statuses = await statusesOf(21, () => from('192.0.2.10', '/auth/signUp', newAccount()));
    expect(statuses).toEqual([...times(20, 201), 429]);
  });

  it('leave the code mails of an address alone while its sign-ups are refused as bad input', async () => {
    const account = newAccount();
    const weak = await statusesOf(6, (index) =>
      from(`192.0.2.${50 + index}`, '/auth/signUp', { ...account, password: 'password123' }),
    );
    expect(weak).toEqual(times(6, 400));
    expect((await from('192.0.2.60', '/auth/signUp', account)).statusCode).toBe(201);
  });

  it('stop a sixth code mail to one address within the hour, whichever call asks for it and from any address', async () => {
    const account = newAccount();
    const credentials = { email: account.email, password: account.password };
    const calls = [
      () => from('192.0.2.20', '/auth/signUp', account),
      () => from('192.0.2.21', '/auth/resendConfirmationCode', credentials),
      () => from('192.0.2.22', '/auth/signUp', { ...account, password: 'someone else again' }),
      () => from('192.0.2.23', '/auth/forgotPassword', { email: account.email }),
      () => from('192.0.2.24', '/auth/resendConfirmationCode', credentials),
    ];
    expect(await statusesOf(calls.length, (index) => (calls[index] as () => Promise<{ statusCode: number }>)())).toEqual([
      201, 200, 201, 200, 200,
    ]);
    const refused = [
      await from('192.0.2.30', '/auth/signUp', account),
      await from('192.0.2.31', '/auth/resendConfirmationCode', credentials),
      await from('192.0.2.32', '/auth/forgotPassword', { email: account.email }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([429, 429, 429]);
    expect(refused[1]?.json()).toMatchObject({
      httpStatus: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts/),
    });
  });
});

describe('administrators', () => {
  it('cannot be made through sign-up', async () => {
    const { user } = await signedInAccount(api.app, api.database.db, { isAdmin: true, platforms: ['admin'], is_admin: true });
    expect(user.platforms).toEqual(['attendee']);
  });
});
