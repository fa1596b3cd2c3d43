import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { confirmedAccount, signInAt, testPassword } from './accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { codeFromMail } from './mailbox.ts';

const password = testPassword;
const unique = (project: string) => `${crypto.randomUUID().slice(0, 8)}.${project}`;

/** The invitation link in the newest mail to `email`, as the SMTP peer received it. */
async function invitationLink(email: string): Promise<string> {
  const links = () =>
    readFileSync(process.env.ADMIT_E2E_MAIL_FILE as string, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; raw: string })
      .filter((message) => message.to.toLowerCase() === email.toLowerCase())
      .map((message) => message.raw.replace(/=\r?\n/g, ''))
      .flatMap((raw) => /https?:\/\/[^\s"<]+\/invitations\/[\w-]{43}/.exec(raw)?.[0] ?? []);
  await expect.poll(() => links().length, { timeout: 15_000 }).toBeGreaterThan(0);
  return links().at(-1) as string;
}

/** A new organiser with their own organisation, made through the API (the account pages have their own tests). */
async function newOrganizer(request: APIRequestContext, project: string) {
  const id = unique(project);
  const account = {
    firstName: 'Olu',
    lastName: 'Owner',
    email: `owner.${id}@example.test`,
    password,
    dateOfBirth: Math.floor(Date.UTC(1985, 2, 1) / 1000),
    userType: 'organiser',
    organizationName: `Harbour Lights ${id.slice(0, 8)}`,
  };
  return confirmedAccount(request, account);
}

test('an owner sets the organisation’s time zone, and a new event starts in it whatever the device’s zone', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(90_000);
  const owner = await newOrganizer(page.request, testInfo.project.name);
  await signInAt(page, owner.email, '/organizer/settings');
  const zone = page.getByLabel('Time zone of new events');
  await expect(zone).toHaveValue('');
  await zone.selectOption('America/New_York');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your organisation’s profile is saved.')).toBeVisible();
  await expect(page.getByText(/New events start on America\/New York time \(UTC-0[45]:00\)/)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the settings page scrolls sideways').toBeLessThanOrEqual(0);

  await page.goto('/organizer/events/new');
  await waitForHydration(page);
  await expect(page.getByLabel('Time zone', { exact: true })).toHaveValue('America/New_York');
  expect(consoleErrors).toEqual([]);
});

test.describe('team', () => {
  test('an owner invites door staff by email; they sign up, accept, and the owner changes their role and removes them', async ({
    page,
    browser,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(90_000);
    const owner = await newOrganizer(page.request, testInfo.project.name);
    const doorEmail = `door.${unique(testInfo.project.name)}@example.test`;

    await signInAt(page, owner.email, '/organizer/settings');
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    await page.locator('#field-inviteEmail').fill(doorEmail);
    await page.locator('#field-inviteRole').selectOption('door');
    await expect(page.getByText('Scanning and checking in tickets at the door.')).toBeVisible();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${doorEmail}.`)).toBeVisible();
    const pending = page.getByRole('listitem', { name: `Invitation to ${doorEmail}` });
    await expect(pending).toContainText('Door staff');
    await expect(pending).toContainText('by Olu Owner');

    // The invitee, on their own device, follows the emailed link and creates an account.
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
    const inviteeContext = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
    const invitee = await inviteeContext.newPage();
    const link = new URL(await invitationLink(doorEmail));
    await invitee.goto(link.pathname);
    await waitForHydration(invitee);
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText(`Join ${owner.organizationName}`);
    await expect(invitee.getByText('Olu Owner invited')).toBeVisible();
    await invitee.screenshot({ path: testInfo.outputPath('invitation-signed-out.png'), fullPage: true });
    await invitee.getByRole('link', { name: 'Create an account' }).click();
    await expect(invitee).toHaveURL(/\/sign-up\?/);
    await waitForHydration(invitee);
    await expect(invitee.locator('#field-email')).toHaveValue(doorEmail);
    await invitee.locator('#field-firstName').fill('Dara');
    await invitee.locator('#field-lastName').fill('Door');
    await invitee.locator('#field-password').fill(password);
    await invitee.locator('#field-dateOfBirth').fill('1994-08-09');
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await expect(invitee).toHaveURL(/\/account-verification\?/);
    await invitee.getByRole('link', { name: 'Enter the code' }).click();
    await expect(invitee).toHaveURL(/\/verify-email\?/);
    await waitForHydration(invitee);
    // The password typed at sign-up is still in this tab: the code alone is asked for, and accepting it signs in.
    await expect(invitee.locator('#field-password')).toHaveCount(0);
    await invitee.locator('#field-code').fill(await codeFromMail(doorEmail, 2));
    await invitee.getByRole('button', { name: 'Confirm and sign in' }).click();

    // Back on the invitation, signed in with the invited address.
    await expect(invitee).toHaveURL(link.pathname);
    await waitForHydration(invitee);
    await invitee.screenshot({ path: testInfo.outputPath('invitation-signed-in.png'), fullPage: true });
    await invitee.getByRole('button', { name: `Join ${owner.organizationName} as door staff` }).click();
    await expect(invitee.getByText(`You joined ${owner.organizationName} as door staff.`)).toBeVisible();
    await invitee.getByRole('link', { name: `Open ${owner.organizationName}` }).click();
    await expect(invitee).toHaveURL('/organizer/settings');
    await expect(invitee.getByText(`You are door staff at ${owner.organizationName}.`)).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
    await expect(invitee.getByRole('button', { name: 'Save profile' })).toHaveCount(0);
    await invitee.goto('/organizer/events');
    await waitForHydration(invitee);
    await expect(invitee.getByText(`You are door staff at ${owner.organizationName}.`)).toBeVisible();
    await expect(invitee.getByRole('link', { name: /Create event/ })).toHaveCount(0);
    // Used once: the link now says so.
    await invitee.goto(link.pathname);
    await expect(invitee.getByText('This invitation has already been used.')).toBeVisible();

    // The owner sees the new member, changes the role, then removes them.
    await page.reload();
    await waitForHydration(page);
    const row = page.getByRole('listitem', { name: 'Dara Door' });
    await expect(row).toContainText(doorEmail);
    await expect(page.getByRole('listitem', { name: `Invitation to ${doorEmail}` })).toHaveCount(0);
    await row.getByLabel('Role of Dara Door').selectOption('finance');
    await expect(page.getByText('Dara Door is now finance.')).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel('Role of Dara Door')).toHaveValue('finance');
    // The owner's own row cannot be changed.
    await expect(page.getByLabel('Role of Olu Owner')).toHaveCount(0);

    await page.getByRole('listitem', { name: 'Dara Door' }).getByRole('button', { name: 'Remove Dara Door' }).click();
    await page.getByRole('button', { name: 'Yes, remove Dara' }).click();
    await expect(page.getByText('Dara Door is no longer in the team.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Dara Door' })).toHaveCount(0);
    // A new sign-in, not the invitee's cookie: the e2e server's access tokens live 20 s, less than this test takes.
    const signedIn = await invitee.request.post('/api/auth/signIn', { data: { email: doorEmail, password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const { accessToken, authId } = (await signedIn.json()).data as { accessToken: string; authId: string };
    const removed = await invitee.request.get(`/api/users/${authId}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(removed.status(), await removed.text()).toBe(200);
    expect((await removed.json()).data.organizationId).toBeNull();
    await inviteeContext.close();
    expect(consoleErrors).toEqual([]);
  });

  test('an invitation opened while signed in with another address says whose it is', async ({ page }, testInfo) => {
    const owner = await newOrganizer(page.request, testInfo.project.name);
    const invited = `someone.${unique(testInfo.project.name)}@example.test`;
    await signInAt(page, owner.email, '/organizer/settings');
    await page.locator('#field-inviteEmail').fill(invited);
    await page.locator('#field-inviteRole').selectOption('manager');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${invited}.`)).toBeVisible();
    await page.goto(new URL(await invitationLink(invited)).pathname);
    await waitForHydration(page);
    await expect(page.getByRole('alert')).toContainText(`You are signed in as ${owner.email}`);
    await expect(page.getByRole('button', { name: `Sign out and use ${invited}` })).toBeVisible();
    await page.goto('/invitations/not-a-real-link');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation link is not valid');
  });
});
