import { fullAdmin, signInAs } from './admin-pages.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { shot } from './help-pages.ts';

test('an agent adds a category, drafts an answer in it and publishes it to the help desk', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`.toLowerCase();
  const categoryTitle = `Gift cards ${stamp}`;
  const question = `How do I redeem a gift card ${stamp}?`;

  await signInAs(page, fullAdmin, '/admin/help-articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Help articles' })).toBeVisible();
  await waitForHydration(page);

  // A category: bad hours are refused with a message, then it is added (its address from its title).
  await page.locator('#new-category-title').fill(categoryTitle);
  await page.locator('#new-category-title').blur();
  await expect(page.locator('#new-category-slug')).toHaveValue(`gift-cards-${stamp}`);
  await page.locator('#new-category-hours').fill('0');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('At least 1 hour.')).toBeVisible();
  await page.locator('#new-category-hours').fill('12');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`The category “${categoryTitle}” is saved.`)).toBeVisible();

  // A draft in it: not on the help desk yet.
  await page.locator('#new-article-category').selectOption({ label: categoryTitle });
  await page.locator('#new-article-title').fill(question);
  await page.locator('#new-article-title').blur();
  const slug = await page.locator('#new-article-slug').inputValue();
  expect(slug).toBe(`how-do-i-redeem-a-gift-card-${stamp}`);
  await page.locator('#new-article-body').fill('Enter the **card code** at checkout, under *Gift card*.');
  await page.getByRole('button', { name: 'Save article' }).click();
  await expect(page.getByText(`“${question}” is saved as a draft.`)).toBeVisible();
  expect((await page.request.get(`/faqs/${slug}`)).status()).toBe(404);
  await shot(page, testInfo, 'help-articles-draft');

  // Published: the answer is on its page.
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: question }) });
  await item.getByRole('button', { name: 'Edit' }).click();
  await item.getByLabel('Status').selectOption('published');
  await item.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`“${question}” is saved and published.`)).toBeVisible();
  await item.getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'card code' })).toBeVisible();
  await shot(page, testInfo, 'help-article-published');
  expect(consoleErrors).toEqual([]);
});
