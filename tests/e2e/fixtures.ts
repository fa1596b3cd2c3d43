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

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
