import { readFileSync } from 'node:fs';
import { accountSuspendedMessage } from '../../src/contract/users.ts';
import { confirmedAccount, signInAt, signInThroughPage, testPassword } from './accounts.ts';
import { demoPassword, fullAdmin, shoot, signInAs, supportAdmin, unique } from './admin-pages.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { openOnPhone, phoneShotName } from './phone-check.ts';

test.describe('admin console', () => {
  test('an administrator lands on the overview after signing in, moves between areas from the header’s account menu and signs out from it', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await signInThroughPage(page, fullAdmin, demoPassword, '/admin', { asked: false });
    await waitForHydration(page);
    const menu = page.getByRole('banner').locator('summary', { hasText: 'Account' });
    const areas = page.getByRole('navigation', { name: 'Areas' });

    await menu.click();
    await expect(areas.getByRole('link')).toHaveText(['My account', 'Admin']);
    await shoot(page, 'admin-area-menu');
    await areas.getByRole('link', { name: 'My account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(areas).toBeHidden();

    await menu.click();
    await expect(areas.getByRole('link')).toHaveText(['My account', 'Admin']);
    await areas.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();

    await menu.click();
    await expect(areas).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a group with read-only users permission: its member sees users but cannot suspend; the full admin suspends a user', {
    tag: '@desktop',
  }, async ({ page, browser, request, consoleErrors }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const groupName = `Support read-only ${unique()}`;

    await signInAs(page, fullAdmin, '/admin/user-groups');
    await page.getByLabel('Name', { exact: true }).fill(groupName);
    await page.getByRole('checkbox', { name: 'Read users' }).check();
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel('Add an administrator by email').fill(supportAdmin);
    await page.getByRole('button', { name: 'Add to group' }).click();
    await expect(page.getByText(`${supportAdmin} · added`)).toBeVisible();
    await shoot(page, 'desktop-user-group');

    // Kit starts in the built-in group, which holds everything: take them out of it.
    await page.goto('/admin/user-groups');
    await page.getByRole('link', { name: 'Full access (built-in)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Full access' })).toBeVisible();
    await waitForHydration(page);
    const removeKit = page.getByRole('button', { name: `Remove ${supportAdmin}` });
    if (await removeKit.isVisible()) {
      await removeKit.click();
      await expect(page.getByText(`${supportAdmin} is removed from the group.`)).toBeVisible();
    }
    await expect(page.getByText(`${supportAdmin} · added`)).toHaveCount(0);
    await page.goto('/admin/user-groups');
    await expect(page.getByRole('link', { name: groupName })).toBeVisible();
    await shoot(page, 'desktop-user-groups');

    // Kit, on their own browser, reads users but is offered no suspension, and the server refuses one.
    const kitContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const kit = await kitContext.newPage();
    await signInAs(kit, supportAdmin, '/admin/users');
    await expect(kit.getByRole('table', { name: 'Users' })).toBeVisible();
    await expect(kit.getByRole('cell', { name: fullAdmin })).toBeVisible();
    await expect(kit.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
    await expect(kit.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await shoot(kit, 'desktop-users-read-only');
    await kit.goto('/admin/user-groups');
    await expect(kit.getByText('Your admin groups do not allow managing user groups.')).toBeVisible();

    // The full admin suspends a new attendee (signed up apart from the admin's browser) with a reason; the attendee can no longer sign in.
    const attendee = await confirmedAccount(request, {
      firstName: 'Tess',
      lastName: 'Tout',
      email: `tout.${unique()}@example.test`,
      dateOfBirth: Math.floor(Date.UTC(1990, 1, 1) / 1000),
      userType: 'attendee',
    });
    // Tess is signed in on her own phone, with her account page open.
    const tessContext = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    const tess = await tessContext.newPage();
    await signInAt(tess, attendee.email, '/account');
    await page.goto(`/admin/users?q=${encodeURIComponent(attendee.email)}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: `Suspend ${attendee.email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${attendee.email}` });
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Reselling tickets above face value.');
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await expect(page.getByText(`${attendee.email} is suspended.`)).toBeVisible();
    await expect(page.getByRole('cell', { name: /Suspended/ })).toBeVisible();
    await shoot(page, 'desktop-users-suspended');
    const signIn = await request.post('/api/auth/signIn', { data: { email: attendee.email, password: testPassword } });
    expect(signIn.status()).toBe(403);

    // Her open page is signed out on its next request: her bookings go to sign-in, with the session gone from the device.
    await tess.getByRole('link', { name: 'Bookings', exact: true }).first().click();
    await expect(tess).toHaveURL('/sign-in');
    await expect.poll(async () => (await tessContext.cookies()).map((cookie) => cookie.name)).not.toContain('accessToken');
    await waitForHydration(tess);
    await tess.locator('#field-email').fill(attendee.email);
    await tess.locator('#field-password').fill(testPassword);
    await tess.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(tess.getByText(accountSuspendedMessage)).toBeVisible();
    await tessContext.close();

    await page.goto(`/admin?q=${encodeURIComponent('admin.user_suspended')}`);
    await expect(page.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Paid orders per day/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Reselling tickets above face value/ })).toBeVisible();
    await shoot(page, 'desktop-admin-audit');
    await kitContext.close();
    expect(consoleErrors).toEqual([]);
  });

  test('an admin downloads the users found and the events filtered as CSV files that match the lists on screen', {
    tag: '@desktop',
  }, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, fullAdmin, '/admin/users?q=alex%40admit.demo');
    await expect(page.getByRole('link', { name: 'Alex' }).first()).toBeVisible();
    const [users] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(users.suggestedFilename()).toMatch(/^admin-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const userLines = readFileSync(await users.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(userLines[0]).toBe('Email,Name,Administrator,Email confirmed,Suspended at,Suspension reason,Joined at');
    expect(userLines.slice(1).map((line) => line.split(',')[0])).toEqual(['alex@admit.demo']);

    await page.goto('/admin/events?status=published');
    const firstRow = page.getByRole('table', { name: 'Events' }).getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    const firstTitle = ((await firstRow.getByRole('link').first().textContent()) ?? '').trim();
    expect(firstTitle).not.toBe('');
    const [events] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const eventLines = readFileSync(await events.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(eventLines[0]?.startsWith('Event,Organisation,Status,Starts at,Featured')).toBe(true);
    expect(eventLines.length).toBeGreaterThan(1);
    expect(eventLines.slice(1).every((line) => line.includes(',published,'))).toBe(true);
    expect(eventLines[1]).toContain(firstTitle);
    expect(consoleErrors).toEqual([]);
  });

  test('each admin page fits a phone', { tag: '@phone' }, async ({ page, consoleErrors }) => {
    test.setTimeout(60_000);
    await signInAs(page, fullAdmin, '/admin');
    for (const [path, heading] of [
      ['/admin', 'Admin'],
      ['/admin/users', 'Users'],
      ['/admin/organisers', 'Organisers'],
      ['/admin/cases', 'Cases'],
      ['/admin/saved-replies', 'Saved replies'],
      ['/admin/help-articles', 'Help articles'],
      ['/admin/user-groups', 'User groups'],
    ] as const) {
      await openOnPhone(page, path, heading);
      await shoot(page, phoneShotName(path));
    }
    await page.getByRole('link', { name: 'Full access (built-in)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Full access' })).toBeVisible();
    await shoot(page, 'phone-user-group');
    expect(consoleErrors).toEqual([]);
  });
});
