import { test as base, expect, type Page } from '@playwright/test';

/** Waits until React has hydrated the server-rendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Puts a link into the page's main content, as if a page had rendered it. */
export async function appendLink(page: Page, href: string, text: string): Promise<void> {
  await page.evaluate(
    ([linkHref, linkText]) => {
      const link = document.createElement('a');
      link.href = linkHref as string;
      link.textContent = linkText as string;
      document.querySelector('main')?.append(link);
    },
    [href, text],
  );
}

/** A private address per test: each test is another phone behind the trusted proxy (playwright.config.ts). */
const phoneAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/**
 * Chromium's own notes, not the app's errors: a view transition skipped because the page moved on (logged, or
 * rejected as the transition's promise when a full page load cuts it short).
 */
const browserNotes = [/^Transition was aborted because of invalid state/];

export const test = base.extend<{ consoleErrors: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': phoneAddress() });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !browserNotes.some((note) => note.test(message.text()))) errors.push(message.text());
    });
    page.on('pageerror', (error) => {
      if (!browserNotes.some((note) => note.test(error.message))) errors.push(error.message);
    });
    await use(errors);
  },
});

export { expect };
