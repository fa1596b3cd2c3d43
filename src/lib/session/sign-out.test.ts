// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { actingCookieName } from './acting.ts';

// What each call was sent with: the acting cookie at the moment of the call says which token the API client used.
const calls: Array<{ url: string; acting: boolean }> = [];
vi.mock('../api-caller.tsx', () => ({
  browserApiCaller: vi.fn(async (config: { url: string }) => {
    calls.push({ url: config.url, acting: Cookies.get('actingToken') !== undefined });
    return {};
  }),
}));
vi.mock('../external-navigation.ts', () => ({ navigateTo: vi.fn() }));
vi.mock('./forget-user.ts', () => ({ forgetUserData: vi.fn(async () => undefined) }));
vi.mock('./sign-out-steps.ts', () => ({ runSignOutSteps: vi.fn(async () => true) }));

const { signOut } = await import('./sign-out.ts');
const token = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.y`;

describe('signing out while acting as a user', () => {
  beforeEach(() => {
    calls.length = 0;
    Cookies.set(actingCookieName, token({ sub: 'user-1', act: { sub: 'admin-1' }, exp: Date.now() / 1000 + 600, platforms: [] }));
  });

  it('stops acting with the acting token, then signs the administrator out with their own', async () => {
    expect(await signOut()).toBe(true);
    expect(calls).toEqual([
      { url: '/admin/users/user-1/act/stop', acting: true },
      { url: '/auth/signOut', acting: false },
    ]);
  });
});
