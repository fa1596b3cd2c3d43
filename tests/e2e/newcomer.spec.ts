import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../fixtures/free-port.ts';
import { testPassword } from './accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

// Someone trying Admit: `npm start` on the embedded database, no mail server. The suite's own server sends mail
// through SMTP, so this file starts a second one as a newcomer would have it: a local instance with no SMTP_URL.

let server: OwnServer | undefined;
let dataDir = '';
let origin = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'admit-newcomer-'));
  // The demo data is not what this test is about; a new database without it starts faster.
  server = await startOwnServer({ port: await freePort(), host: 'localhost', dataDir, env: { DEMO_DATA: '0' } });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a newcomer on a local instance signs up, reads the code in the development mailbox and is signed in', async ({
  page,
}, testInfo) => {
  const email = `newcomer.${crypto.randomUUID().slice(0, 8)}.${testInfo.project.name}@example.test`;
  await page.goto(`${origin}/sign-up`);
  await waitForHydration(page);
  await page.getByText('I’m an attendee').click();
  await page.locator('#field-firstName').fill('Nia');
  await page.locator('#field-lastName').fill('Newcomer');
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(testPassword);
  await page.locator('#field-dateOfBirth').fill('1992-08-21');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account-verification\?email=/);

  // No mail leaves a local instance: the page says where it went instead.
  await expect(page.getByText('This local copy of Admit sends no email')).toBeVisible();
  await page.getByRole('link', { name: 'development mailbox' }).click();
  await expect(page).toHaveURL(`${origin}/dev/mailbox`);
  const mail = page.getByRole('article').filter({ hasText: email }).first();
  await expect(mail.getByText(/^\d{6}$/).first()).toBeVisible();
  await mail.getByRole('link', { name: 'Open the confirmation link' }).click();

  await expect(page).toHaveURL(/\/verify-cognito\?/);
  await waitForHydration(page);
  const password = page.locator('#field-password');
  if (await password.isVisible()) await password.fill(testPassword);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(`${origin}/account`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('the suite’s own instance, which sends mail, has no development mailbox', async ({ page }) => {
  await page.goto('/dev/mailbox');
  await waitForHydration(page);
  await expect(page.getByText('This instance sends its email for real, so there is no development mailbox.')).toBeVisible();
  expect((await page.request.get('/api/dev/mailbox')).status()).toBe(404);
});
