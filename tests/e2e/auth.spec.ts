import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { confirmedAccount, testPassword } from './accounts.ts';
import { appendLink, expect, test, waitForHydration } from './fixtures.ts';
import { codeFromMail, linkFromMail } from './mailbox.ts';

const password = testPassword;
// Unique across parallel workers: two tests signing up one address would share its code mails.
const newEmail = (project: string) => `e2e.${crypto.randomUUID().slice(0, 8)}.${project}@example.test`;
const signUpBody = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  password,
  dateOfBirth: Math.floor(Date.UTC(1990, 4, 17) / 1000),
  userType: 'attendee',
});

/** A sign-up through the API whose address is not confirmed yet. */
async function unconfirmedSignUp(request: APIRequestContext, email: string): Promise<void> {
  expect((await request.post('/api/auth/signUp', { data: signUpBody(email) })).status()).toBe(201);
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/sign-up');
  await waitForHydration(page);
  await page.getByText('I’m an attendee').click();
  await page.locator('#field-firstName').fill('Grace');
  await page.locator('#field-lastName').fill('Hopper');
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(password);
  await page.locator('#field-dateOfBirth').fill('1990-05-17');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account-verification\?email=/);
}

/** From the page after sign-up: the code form, which has the password typed at sign-up, signs in. */
async function confirmWithCode(page: Page, email: string): Promise<void> {
  await page.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await waitForHydration(page);
  await expect(page.locator('#field-password')).toHaveCount(0);
  await page.locator('#field-code').fill(await codeFromMail(email));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

async function signIn(page: Page, email: string, secret = password): Promise<void> {
  await waitForHydration(page);
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((cookie) => cookie.name).sort();

test.describe('accounts', () => {
  test('sign up, confirm with the mailed code and be signed in, renew the token silently, sign out and in again', async ({
    page,
    context,
  }, testInfo) => {
    // It waits for a real token expiry, so it needs more than the default time.
    test.setTimeout(60_000);
    const email = newEmail(testInfo.project.name);
    await signUp(page, email);
    await confirmWithCode(page, email);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace');
    await expect(page.getByText('1990-05-17')).toBeVisible();
    expect(await cookieNames(context)).toEqual([
      'accessToken',
      'email',
      'knownDevice',
      'platforms',
      'refreshToken',
      'tokenExpiry',
      'u',
    ]);
    const httpOnly = (await context.cookies()).filter((cookie) => cookie.httpOnly).map((cookie) => cookie.name);
    expect(httpOnly.sort()).toEqual(['knownDevice', 'refreshToken']);
    const refreshCookie = (await context.cookies()).find((cookie) => cookie.name === 'refreshToken');
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    // The test server's access tokens live 20 s; the next call renews first.
    const before = (await context.cookies()).find((cookie) => cookie.name === 'accessToken')?.value;
    await page.waitForTimeout(11_000);
    const renewal = page.waitForResponse((response) => response.url().endsWith('/api/auth/refreshToken'));
    await page.locator('#field-firstName').fill('Grace B.');
    await page.getByRole('button', { name: 'Save details' }).click();
    expect((await renewal).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace B.');
    const after = (await context.cookies()).find((cookie) => cookie.name === 'accessToken')?.value;
    expect(after).not.toBe(before);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The browser stays known to the account, so its right password passes limits a stranger's guesses close.
    expect(await cookieNames(context)).toEqual(['knownDevice']);
    const response = await page.goto('/account');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(response?.status()).toBe(200);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
  });

  test('signing in before confirming says so, offers a new code and signs in once the code is accepted', async ({
    page,
  }, testInfo) => {
    const email = newEmail(testInfo.project.name);
    await unconfirmedSignUp(page.request, email);
    // The sign-up's mail is in before the new code is asked for: mails sent close together may arrive in either order.
    await codeFromMail(email);
    await page.goto('/sign-in');
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email first');
    await expect(page.getByText('is not confirmed yet')).toBeVisible();
    await expect(page.locator('#field-password')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByRole('button', { name: /Send a new code in/ })).toBeDisabled();
    // The first mail was the sign-up's; the second carries the new code.
    await page.locator('#field-code').fill(await codeFromMail(email, 2));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace');
  });

  test('the link in the email asks for the sign-up’s password, refuses another, and signs in with the right one', async ({
    page,
  }, testInfo) => {
    const email = newEmail(testInfo.project.name);
    await unconfirmedSignUp(page.request, email);
    // The code's arrival says the mail is in; the link is in the same mail.
    const code = await codeFromMail(email);
    const link = new URL(linkFromMail(email));
    expect(link.searchParams.get('code')).toBe(code);
    await page.goto(`${link.pathname}${link.search}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finish confirming your email');
    await expect(page.locator('#field-code')).toHaveValue(code);
    await page.locator('#field-password').fill('not the password I chose');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page.getByText('That code or password is not right')).toBeVisible();
    await page.locator('#field-password').fill(password);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('a forgotten password is reset with the mailed code, from the sign-in page and from the mail’s link', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const email = newEmail(testInfo.project.name);
    await confirmedAccount(page.request, signUpBody(email));
    // From the sign-in page, with the email typed there: nothing is sent yet, so the page offers to send a code.
    await page.goto('/sign-in');
    await waitForHydration(page);
    await page.locator('#field-email').fill(email);
    await page.getByRole('link', { name: /Forgot your password/ }).click();
    await expect(page).toHaveURL(`/forgot-password?email=${encodeURIComponent(email)}`);
    await expect(page.getByText('we’ll send you a 6-digit code')).toBeVisible();
    await expect(page.locator('#field-code')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    // The first mail was the confirmation; the second is the reset code.
    await page.locator('#field-code').fill(await codeFromMail(email, 2));
    await page.locator('#field-password').fill('an entirely new passphrase');
    await page.locator('#field-confirmPassword').fill('an entirely new passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/sign-in\?email=/);
    await signIn(page, email, 'an entirely new passphrase');
    await expect(page).toHaveURL(/\/account$/);

    // The mail's link opens the code step at once.
    const link = new URL(linkFromMail(email, 2, '/forgot-password'));
    // Away from the account page first: with its cookies gone, its next call is answered UNAUTHORIZED and it reloads
    // into sign-in (spec §8), which would cut the navigation below short.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto(`${link.pathname}${link.search}`);
    await waitForHydration(page);
    await expect(page.getByText('Enter the code from the email we sent you')).toBeVisible();
    await expect(page.locator('#field-code')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();
  });

  test('the sign-in form checks what was typed with schemas it loads after the page, and asks nothing of the API', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/auth/')) calls.push(request.url());
    });
    await page.goto('/sign-in');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expect(page.locator('#field-email')).toBeFocused();
    await page.locator('#field-email').fill('not an address');
    await page.locator('#field-password').fill('anything');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('a guarded page sends a signed-out visitor to sign in and back again', async ({ page }, testInfo) => {
    const email = newEmail(testInfo.project.name);
    await confirmedAccount(page.request, signUpBody(email));

    // On the server: a 302 to sign-in that remembers the page.
    const direct = await page.request.get('/account', { maxRedirects: 0 });
    expect(direct.status()).toBe(302);
    expect(direct.headers().location).toBe('/sign-in?redirect=%2Faccount');

    // In the browser: a client-side navigation is redirected the same way.
    await page.goto('/');
    await waitForHydration(page);
    await appendLink(page, '/account', 'to my account');
    await page.getByRole('link', { name: 'to my account' }).click();
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Faccount$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
  });

  test('an UNAUTHORIZED answer wipes the session and sends the user to sign in', async ({ page, context }, testInfo) => {
    const email = newEmail(testInfo.project.name);
    await signUp(page, email);
    await confirmWithCode(page, email);
    await page.evaluate(() => sessionStorage.setItem('draft', 'kept until wiped'));

    // Only the save is answered UNAUTHORIZED, as if the server had revoked the session meanwhile.
    await page.route('**/api/users/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ httpStatus: 'UNAUTHORIZED', message: 'Please sign in.' }),
          })
        : route.continue(),
    );
    await page.locator('#field-firstName').fill('Changed');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    // Scripts cannot touch the HttpOnly cookies; every other one is gone.
    const left = await cookieNames(context);
    expect(left.filter((name) => name !== 'refreshToken' && name !== 'knownDevice')).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('draft'))).toBeNull();
  });
});
