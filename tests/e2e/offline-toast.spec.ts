import type { Locator, Page } from '@playwright/test';
import { confirmedAccount, signInAt, testPassword } from './accounts.ts';
import { expect, test } from './fixtures.ts';

// Offline pages come from the service worker.
test.use({ serviceWorkers: 'allow' });

// The notice a page raises when Admit cannot be reached sits at the top centre, under the page's header: on a phone a
// toast spans the screen, and at the very top it hid the header (the brand, the menu, the way back).

const offlineNotice = 'You are offline or Admit cannot be reached. Please check your connection and try again.';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** Whether the element stands still: the same box now as a moment ago. */
async function restsAt(page: Page, locator: Locator): Promise<boolean> {
  const before = await box(locator);
  await page.waitForTimeout(150);
  const after = await box(locator);
  return before.y === after.y && before.x === after.x;
}

/** The page's own header: the banner, not a header inside the content. */
const banner = (page: Page) => page.getByRole('banner');

// The notice spans the screen on a phone: this file runs on the Pixel 7 alone (playwright.config.ts).
test('the offline notice on a phone sits under the header, also once the page has scrolled', async ({ page, request }) => {
  test.setTimeout(90_000);
  const person = await confirmedAccount(request, {
    firstName: 'Nia',
    lastName: 'Notice',
    email: `notice.${crypto.randomUUID().slice(0, 8)}@example.test`,
    password: testPassword,
    dateOfBirth: Math.floor(Date.UTC(1990, 4, 6) / 1000),
    userType: 'attendee',
  });
  // Signed in, the events page is the person's own and is loaded afresh: offline, its list cannot be.
  await signInAt(page, person.email, '/events');
  // The worker keeps the page for offline use; it claims the open page as it activates.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.context().setOffline(true);
  await page.goto('/events');
  const notice = page.locator('.Toastify__toast').filter({ hasText: offlineNotice });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(banner(page)).toBeVisible();
  // Where it comes to rest, once it has dropped in.
  await expect.poll(async () => restsAt(page, notice), { intervals: [100] }).toBe(true);

  const header = await box(banner(page));
  const toast = await box(notice);
  expect(
    toast.y,
    `the notice (top ${toast.y}) starts under the header (bottom ${header.y + header.height})`,
  ).toBeGreaterThanOrEqual(header.y + header.height);

  // Scrolled a little: the header moves up and the notice follows it, still under it.
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect
    .poll(async () => (await box(notice)).y - ((await box(banner(page))).y + (await box(banner(page))).height))
    .toBeGreaterThanOrEqual(0);
  await page.context().setOffline(false);
});
