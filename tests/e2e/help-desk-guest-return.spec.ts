import type { Page, TestInfo } from '@playwright/test';
import { png1x1 } from '../fixtures/images.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { shot } from './help-pages.ts';
import { codeFromMail } from './mailbox.ts';

/** A guest raises a case (with a file when `file`) and reaches the code step; returns the case's reference. */
async function raiseAsGuest(page: Page, email: string, subject: string, file: boolean): Promise<string> {
  await page.goto('/help-desk/raise-case');
  await waitForHydration(page);
  await page.getByLabel('What is it about?').selectOption({ index: 1 });
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Describe what happened').fill('I was charged twice for the same ticket last night.');
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Your email').fill(email);
  if (file) {
    await page.getByLabel('Files (optional)').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png1x1 });
  }
  await page.getByRole('button', { name: 'Raise case' }).click();
  await expect(page.getByText('Check your email.')).toBeVisible();
  const reference = (await page.locator('strong', { hasText: /^HD-/ }).textContent()) ?? '';
  expect(reference).toMatch(/^HD-/);
  return reference;
}

/** The code step of the case `reference`, as it was left: the reference, the address, the code box. */
async function expectCodeStep(page: Page, reference: string, email: string) {
  await expect(page).toHaveURL(/\/help-desk\/raise-case$/);
  await expect(page.getByText('Check your email.')).toBeVisible();
  await expect(page.locator('strong', { hasText: reference })).toBeVisible();
  await expect(page.locator('strong', { hasText: email })).toBeVisible();
  await expect(page.getByLabel('Code from the email')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveCount(0);
}

const guestEmail = (testInfo: TestInfo, what: string) =>
  `guest.${what}.${testInfo.project.name}.${crypto.randomUUID().slice(0, 8)}@example.test`;

test('a guest who leaves the code step for another page and comes back finds it as they left it, and the mailed code opens the case with its file', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = guestEmail(testInfo, 'back');
  const subject = `Charged twice ${Date.now()}`;
  const reference = await raiseAsGuest(page, email, subject, true);

  // To another page of the app (as to the development mailbox), then the browser's Back.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Help desk' }).click();
  await expect(page).toHaveURL(/\/help-desk$/);
  await page.goBack();
  await expectCodeStep(page, reference, email);
  await shot(page, testInfo, 'raise-case-back-to-code');

  await page.getByLabel('Code from the email').fill(await codeFromMail(email, 1));
  await page.getByRole('button', { name: 'Confirm and open my case' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page).toHaveURL(/case-details\?case=/);
  await expect(page.getByText('receipt.png')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a guest whose code step is loaded afresh (reloaded, or reached back from another site) still has it, and is told to attach the files there again', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = guestEmail(testInfo, 'reload');
  const subject = `Wrong name on my ticket ${Date.now()}`;
  const reference = await raiseAsGuest(page, email, subject, true);

  await page.reload();
  await waitForHydration(page);
  await expectCodeStep(page, reference, email);
  await expect(page.getByText('The file you chose was not kept')).toBeVisible();
  await shot(page, testInfo, 'raise-case-reloaded-code');

  await page.getByLabel('Code from the email').fill(await codeFromMail(email, 1));
  await page.getByRole('button', { name: 'Confirm and open my case' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  // A new visit to the form is a new case: the step belongs to the visit it was made in.
  await page.goto('/help-desk/raise-case');
  await waitForHydration(page);
  await expect(page.getByLabel('Subject')).toBeVisible();
  await expect(page.getByLabel('Code from the email')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
