import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newAccount, signedInAccount } from '../fixtures/accounts.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const from = (remoteAddress: string, url: string, payload: object) =>
  api.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress });

async function statusesOf(count: number, send: (index: number) => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await send(index)).statusCode);
  return statuses;
}

describe('rate limits', () => {
  // Every window here (15 minutes, an hour) ends on a quarter hour.
  beforeEach(() => awayFromWindowEdge(15 * 60), 60_000);

  it('stop a 21st sign-up from one address within the hour', async () => {
    const statuses = await statusesOf(21, () => from('192.0.2.10', '/auth/signUp', newAccount()));
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('stop a 101st sign-in from one address, whatever the accounts', async () => {
    const statuses = await statusesOf(101, (index) =>
      from('192.0.2.11', '/auth/signIn', { email: `someone${index}@example.test`, password: 'not it' }),
    );
    expect(statuses.slice(0, 100).every((status) => status === 400)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('stop a sixth code mail to one account within the hour, from any address', async () => {
    const { account } = await signedInAccount(api.app, api.database.db);
    const resets = await statusesOf(6, (index) =>
      from(`192.0.2.${20 + index}`, '/auth/forgotPassword', { email: account.email }),
    );
    expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
    const resend = await from('192.0.2.40', '/auth/resendConfirmationCode', { email: account.email });
    expect(resend.statusCode).toBe(429);
    expect(resend.json()).toMatchObject({
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
