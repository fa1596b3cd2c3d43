import type { APIRequestContext, Page } from '@playwright/test';
import { expect, waitForHydration } from './fixtures.ts';
import { codeFromMail } from './mailbox.ts';

/** The password of every account a test makes. */
export const testPassword = 'a long and private passphrase';

/** Signs an account up through the API and confirms its email with the mailed code and its password (the account pages have their own tests). */
export async function confirmedAccount<T extends { email: string }>(request: APIRequestContext, account: T): Promise<T> {
  expect((await request.post('/api/auth/signUp', { data: { ...account, password: testPassword } })).status()).toBe(201);
  const code = await codeFromMail(account.email);
  const confirmed = await request.post('/api/auth/confirmSignup', {
    data: { email: account.email, code, password: testPassword },
  });
  expect(confirmed.status()).toBe(200);
  return account;
}

/**
 * Signs in through the sign-in page and waits to land on `path`. Signing in hashes the password and the landing page
 * is a new navigation: on a busy two-core machine that takes longer than the usual 10 s of a check.
 */
export async function signInThroughPage(
  page: Page,
  email: string,
  password: string,
  path: string,
  { asked = true } = {},
): Promise<void> {
  // `asked: false` opens the sign-in page without a page to return to: the person lands where their role does.
  await page.goto(asked ? `/sign-in?redirect=${encodeURIComponent(path)}` : '/sign-in');
  await waitForHydration(page);
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(path, { timeout: 30_000 });
}

/**
 * Signs in as the sign-in page does, without its page: the API call, then the session cookies the spec names (the
 * server sets the refresh token's), then a full load of `path`, as the page's own sign-in ends. For tests whose subject
 * is what comes after; the sign-in page and its redirects have tests of their own (auth.spec.ts and others use
 * `signInThroughPage`).
 */
export async function signIn(page: Page, email: string, password: string, path: string): Promise<void> {
  const response = await page.request.post('/api/auth/signIn', { data: { email, password } });
  expect(response.status(), `signing in ${email}`).toBe(200);
  const { accessToken, authId, user } = (await response.json()).data as {
    accessToken: string;
    authId: string;
    user: { email: string; platforms: string[] };
  };
  const { exp } = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
  const url = new URL(response.url()).origin;
  const expires = Math.floor(Date.now() / 1000) + 30 * 86_400;
  const cookies = { accessToken, tokenExpiry: String(exp), u: authId, email: user.email, platforms: user.platforms.join(',') };
  await page
    .context()
    .addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url, expires, sameSite: 'Strict' as const })));
  await page.goto(path);
  await waitForHydration(page);
}

/** Signs in an account a test made and lands on `path`, hydrated. */
export async function signInAt(page: Page, email: string, path: string): Promise<void> {
  await signIn(page, email, testPassword, path);
}
