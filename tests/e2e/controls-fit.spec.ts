import type { Page } from '@playwright/test';
import { signIn } from './accounts.ts';
import { demoPassword, fullAdmin, shoot } from './admin-pages.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { expectTextFits } from './text-fit.ts';

// Controls whose words were cut on a phone ("Newest firs", "In force now for this c…", the door's code field, the
// event search): each shows its whole text on a Pixel 7 held upright, turned sideways, and on an iPhone 13's width.
const widths = [
  { name: 'upright', width: 412, height: 915 },
  { name: 'iphone-13', width: 390, height: 844 },
  { name: 'sideways', width: 915, height: 412 },
] as const;

const doorStaff = 'door@northernlights.demo';

/** Opens a list page's folded filters (on a phone they are behind a "Filters" summary). */
async function openFilters(page: Page): Promise<void> {
  const summary = page.getByRole('main').locator('summary', { hasText: 'Filters' });
  if (await summary.isVisible()) await summary.click();
}

/**
 * Opens `path` upright and runs `check` at each width: a page is laid out again for its new width, as when the phone
 * is turned, so one load serves the three.
 */
async function atEachWidth(page: Page, path: string, check: (size: (typeof widths)[number]) => Promise<void>) {
  await page.setViewportSize(widths[0]);
  await page.goto(path);
  await waitForHydration(page);
  for (const size of widths) {
    await page.setViewportSize(size);
    await check(size);
  }
}

// Checked on the Pixel 7 alone (playwright.config.ts), at each of its widths and an iPhone 13’s.
test.describe('controls on a phone', () => {
  test('the event search shows its whole placeholder', async ({ page }) => {
    for (const path of ['/', '/events']) {
      await atEachWidth(page, path, (size) =>
        expectTextFits(page.getByRole('searchbox', { name: 'Search events' }), `${path} at ${size.name}`),
      );
    }
  });

  test('the administrators’ sort, rule and audit search controls show their whole text', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, fullAdmin, demoPassword, '/admin');
    await atEachWidth(page, '/admin', (size) =>
      expectTextFits(page.getByRole('searchbox', { name: 'Search the audit log' }), `audit search at ${size.name}`),
    );
    for (const path of ['/admin/orders', '/admin/events', '/admin/payments']) {
      let opened = false;
      await atEachWidth(page, path, async (size) => {
        // Folded on a phone held upright; once opened it stays open at the other widths.
        if (!opened) await openFilters(page);
        opened = true;
        await expectTextFits(page.getByLabel('Order', { exact: true }), `${path} sort at ${size.name}`);
        await shoot(page, `fit-${size.name}${path.replace(/\W+/g, '-')}`);
      });
    }
    await atEachWidth(page, '/admin/booking-fees', (size) =>
      expectTextFits(page.getByLabel('Rule', { exact: true }), `platform fee rule at ${size.name}`),
    );
    await page.setViewportSize(widths[0]);
    await page.goto('/admin/organisers');
    await waitForHydration(page);
    await page.getByRole('main').locator('a[href^="/admin/organisers/"]').first().click();
    await expect(page.getByLabel('Rule', { exact: true })).toHaveText(/In force now for this organiser/);
    for (const size of widths) {
      await page.setViewportSize(size);
      await expectTextFits(page.getByLabel('Rule', { exact: true }), `organiser fee rule at ${size.name}`);
    }
  });

  test('the door’s code field shows its whole placeholder', async ({ page }) => {
    await signIn(page, doorStaff, demoPassword, '/organizer/scan-ticket');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Start scanning' }).click();
    await expect(page).toHaveURL(/\/organizer\/validate-ticket\/scan\?event=/);
    for (const size of widths) {
      await page.setViewportSize(size);
      await expectTextFits(page.locator('#door-manual-code'), `door code field at ${size.name}`);
    }
  });
});
