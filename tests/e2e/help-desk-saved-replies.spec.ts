import { fullAdmin, signInAs } from './admin-pages.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { shot } from './help-pages.ts';

test('an agent writes a saved reply, inserts it into a reply, then changes and deletes it', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const title = `Refund timing ${stamp}`;
  const body = 'Refunds reach your card within 5–10 working days of the cancellation.';

  await signInAs(page, fullAdmin, '/admin/saved-replies');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
  await waitForHydration(page);

  // An empty text is refused with a message; then the reply is saved and listed.
  await page.locator('#new-reply-title').fill(title);
  await page.getByRole('button', { name: 'Add saved reply' }).click();
  await expect(page.getByText('Write your message.')).toBeVisible();
  await page.locator('#new-reply-body').fill(body);
  await page.getByRole('button', { name: 'Add saved reply' }).click();
  await expect(page.getByText(`“${title}” is saved.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await shot(page, testInfo, 'saved-replies');

  // A case to answer: the administrator raises one, signed in, so it opens at once.
  const subject = `Cancelled show ${stamp}`;
  await page.goto('/help-desk/raise-case?category=payments-and-refunds');
  await waitForHydration(page);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Describe what happened').fill('The show was cancelled and I want to know when my money comes back.');
  await page.getByRole('button', { name: 'Raise case' }).click();
  await expect(page.getByText(/is open and we have emailed you a copy/)).toBeVisible();

  await page.goto('/admin/cases?sort=newest');
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Reply', { exact: true }).fill('Hello,');
  await page.getByLabel('Saved reply').selectOption({ label: title });
  await page.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByLabel('Reply', { exact: true })).toHaveValue(`Hello,\n\n${body}`);
  await shot(page, testInfo, 'case-saved-reply-inserted');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent to the customer.')).toBeVisible();
  await expect(page.getByText(body)).toBeVisible();

  // Changed, then deleted after a confirmation.
  await page.goto('/admin/saved-replies');
  await waitForHydration(page);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await item.getByRole('button', { name: 'Edit' }).click();
  await item.getByLabel('Text').fill('Refunds arrive within 10 working days.');
  await item.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`“${title}” is changed.`)).toBeVisible();
  await expect(item.getByText('Refunds arrive within 10 working days.')).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await item.getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(page.getByText(`“${title}” is deleted.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
