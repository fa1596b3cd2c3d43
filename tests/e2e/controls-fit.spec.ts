import type { Page } from '@playwright/test';
import { signInThroughPage } from './accounts.ts';
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

test.describe('controls on a phone', () => {
  test.beforeEach(({ page: _ }, testInfo) => {
    test.skip(testInfo.project.name !== 'pixel-7', 'Checked on the Pixel 7, at each of its widths and an iPhone 13’s.');
  });

  test('the event search shows its whole placeholder', async ({ page }) => {
    for (const size of widths) {
      await page.setViewportSize(size);
      for (const path of ['/', '/events']) {
        await page.goto(path);
        await waitForHydration(page);
        await expectTextFits(page.getByRole('searchbox', { name: 'Search events' }), `${path} at ${size.name}`);
      }
    }
  });

  test('the administrators’ sort, rule and audit search controls show their whole text', async ({ page }) => {
    test.setTimeout(120_000);
    await signInThroughPage(page, fullAdmin, demoPassword, '/admin');
    for (const size of widths) {
      await page.setViewportSize(size);
      await page.goto('/admin');
      await waitForHydration(page);
      await expectTextFits(page.getByRole('searchbox', { name: 'Search the audit log' }), `audit search at ${size.name}`);
      for (const path of ['/admin/orders', '/admin/events', '/admin/payments']) {
        await page.goto(path);
        await waitForHydration(page);
        await openFilters(page);
        await expectTextFits(page.getByLabel('Order', { exact: true }), `${path} sort at ${size.name}`);
        await shoot(page, `fit-${size.name}${path.replace(/\W+/g, '-')}`);
      }
      await page.goto('/admin/booking-fees');
      await waitForHydration(page);
      await expectTextFits(page.getByLabel('Rule', { exact: true }), `platform fee rule at ${size.name}`);
      await page.goto('/admin/organisers');
      await waitForHydration(page);
      await page.getByRole('main').locator('a[href^="/admin/organisers/"]').first().click();
      await expect(page.getByLabel('Rule', { exact: true })).toHaveText(/In force now for this organiser/);
      await expectTextFits(page.getByLabel('Rule', { exact: true }), `organiser fee rule at ${size.name}`);
    }
  });

  test('the door’s code field shows its whole placeholder', async ({ page }) => {
    await signInThroughPage(page, doorStaff, demoPassword, '/organizer/scan-ticket');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Start scanning' }).click();
    await expect(page).toHaveURL(/\/organizer\/validate-ticket\/scan\?event=/);
    for (const size of widths) {
      await page.setViewportSize(size);
      await expectTextFits(page.locator('#door-manual-code'), `door code field at ${size.name}`);
    }
  });
});
