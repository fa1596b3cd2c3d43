import { confirmedAccount, testPassword } from './accounts.ts';
import { fullAdmin, shoot, signInAs, unique } from './admin-pages.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { codeFromMail } from './mailbox.ts';

const attendee = (email: string) => ({
  firstName: 'Pat',
  lastName: 'Forgetful',
  email,
  dateOfBirth: Math.floor(Date.UTC(1991, 2, 3) / 1000),
  userType: 'attendee',
});

test.describe('admin user support', () => {
  test('an admin mails a password reset that works, and a new confirmation code to a waiting sign-up; both are in the audit log', {
    tag: '@desktop',
  }, async ({ page, request, consoleErrors }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const person = await confirmedAccount(request, attendee(`forgetful.${unique()}@example.test`));

    await signInAs(page, fullAdmin, `/admin/users?q=${encodeURIComponent(person.email)}`);
    await page.getByRole('button', { name: `Send password reset to ${person.email}` }).click();
    await expect(page.getByText(`A password reset code was emailed to ${person.email}.`)).toBeVisible();
    await shoot(page, 'desktop-users-reset-sent');
    // The second mail to the address (the first confirmed the sign-up) carries the reset code, which sets a new password.
    const code = await codeFromMail(person.email, 2);
    const reset = await request.post('/api/auth/confirmForgotPassword', {
      data: { email: person.email, code, password: 'another long private passphrase' },
    });
    expect(reset.status()).toBe(200);
    const oldPassword = await request.post('/api/auth/signIn', { data: { email: person.email, password: testPassword } });
    expect(oldPassword.status()).toBe(400);

    // A sign-up that never confirmed: not an account yet, so the search offers a new code instead.
    const waiting = attendee(`waiting.${unique()}@example.test`);
    expect((await request.post('/api/auth/signUp', { data: { ...waiting, password: testPassword } })).status()).toBe(201);
    const firstCode = await codeFromMail(waiting.email);
    await page.goto(`/admin/users?q=${encodeURIComponent(waiting.email)}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: `No account uses ${waiting.email}` })).toBeVisible();
    await page.getByRole('button', { name: 'Resend confirmation code' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `A new confirmation code was emailed to ${waiting.email}.` }),
    ).toBeVisible();
    await shoot(page, 'desktop-users-confirmation-sent');
    const secondCode = await codeFromMail(waiting.email, 2);
    expect(secondCode).not.toBe(firstCode);
    const confirmed = await request.post('/api/auth/confirmSignup', {
      data: { email: waiting.email, code: secondCode, password: testPassword },
    });
    expect(confirmed.status()).toBe(200);

    await page.goto(`/admin?q=${encodeURIComponent('admin.password_reset_sent')}`);
    await expect(page.getByRole('cell', { name: 'admin.password_reset_sent' }).first()).toBeVisible();
    await page.goto(`/admin?q=${encodeURIComponent('admin.confirmation_code_sent')}`);
    await expect(page.getByRole('cell', { name: 'admin.confirmation_code_sent' }).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the users page with its actions fits a phone', { tag: '@phone' }, async ({ page, request, consoleErrors }) => {
    const person = await confirmedAccount(request, attendee(`phone.${unique()}@example.test`));
    await signInAs(page, fullAdmin, `/admin/users?q=${encodeURIComponent(person.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Send password reset to ${person.email}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Suspend ${person.email}` })).toBeVisible();
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the users page scrolls sideways').toBeLessThanOrEqual(0);
    await shoot(page, 'phone-users-actions');
    await page.goto(`/admin/users?q=${encodeURIComponent(`nobody.${unique()}@example.test`)}`);
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: 'Resend confirmation code' })).toBeVisible();
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the empty search scrolls sideways').toBeLessThanOrEqual(0);
    await shoot(page, 'phone-users-no-account');
    expect(consoleErrors).toEqual([]);
  });
});
