import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a link followed from far down a long page opens the next page at its top, and Back returns to where the reader was', async ({
  page,
  consoleErrors,
}, testInfo) => {
  // A long document on any screen (its text is built in), read to its end, where one of its links leads on
  // within the app, as the development mailbox's do.
  await page.goto('/policy/users');
  await waitForHydration(page);
  await page.locator('article.prose').evaluate((article) => {
    const link = document.createElement('a');
    link.href = '/verify-cognito?email=reader%40example.test&code=123456';
    link.textContent = 'Open the confirmation link';
    article.append(link);
  });
  const link = page.getByRole('link', { name: 'Open the confirmation link' });
  await link.scrollIntoViewIfNeeded();
  const readTo = await scrollY(page);
  expect(readTo).toBeGreaterThan(800);

  await page.evaluate(() => {
    (window as unknown as { admitSameDocument: boolean }).admitSameDocument = true;
  });
  await link.click();
  await expect(page).toHaveURL(/\/verify-cognito\?/);
  // Within the app: the same document, not a new page load.
  expect(await page.evaluate(() => (window as unknown as { admitSameDocument?: boolean }).admitSameDocument)).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Finish confirming your email' })).toBeInViewport();
  await expect(page.getByLabel('6-digit code')).toBeInViewport();
  expect(await scrollY(page)).toBe(0);
  await page.screenshot({ path: testInfo.outputPath('verify-cognito-from-far-down.png') });

  // Back, as browsers do: the page as the reader left it.
  await page.goBack();
  await expect(page).toHaveURL(/\/policy\/users$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(readTo - 50);
  // Forward again: the confirmation page where it was left, at its top.
  await page.goForward();
  await expect(page.getByLabel('6-digit code')).toBeInViewport();
  expect(consoleErrors).toEqual([]);
});
