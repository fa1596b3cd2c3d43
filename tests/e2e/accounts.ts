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

/** Signs in through the page and lands on `path`, hydrated. */
export async function signInAt(page: Page, email: string, path: string): Promise<void> {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(testPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(path);
  await waitForHydration(page);
}
