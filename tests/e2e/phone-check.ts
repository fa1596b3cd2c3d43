import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './fixtures.ts';

/** Opens `path` on the phone, waits for its title (the h1) and checks nothing on it scrolls sideways. */
export async function openOnPhone(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A screenshot's name for a page's phone check: `phone-admin-orders` for `/admin/orders`. */
export const phoneShotName = (path: string) => `phone-${path.replace(/\W+/g, '-').replace(/^-/, '')}`;
