import { signIn } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

test.describe('server rendering', () => {
  test('the home page has its content before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets for what’s on. A door that never stops.');
    await expect(page).toHaveTitle('Admit');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /book tickets/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await context.close();
  });

  test('policy pages are rendered from Markdown on the server', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/policy/cookies');
    for (const cookie of ['accessToken', 'tokenExpiry', 'refreshToken', 'u', 'email', 'platforms']) {
      await expect(page.locator('table').getByRole('cell', { name: cookie, exact: true }).first()).toBeVisible();
    }
    await expect(page).toHaveTitle(/Cookie/);
    await context.close();
  });

  test('pages hydrate without console errors and navigate in the browser', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForHydration(page);
    let documentRequests = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests += 1;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
    await expect(page).toHaveTitle(/Terms/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tickets for what’s on');
    expect(documentRequests).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a public page carries a sheet of its own, and another page opened from it shows with the whole one', {
    tag: '@desktop',
  }, async ({ page, consoleErrors }) => {
    // Which app sheets had loaded when each page's heading first appeared, noted by the page itself.
    await page.addInitScript(() => {
      const seen: Record<string, string[]> = {};
      (window as unknown as { sheetsAtHeading: typeof seen }).sheetsAtHeading = seen;
      new MutationObserver(() => {
        const heading = document.querySelector('main h1')?.textContent ?? '';
        if (!heading || seen[heading]) return;
        seen[heading] = [...document.styleSheets].flatMap((sheet) => {
          const owner = sheet.ownerNode as Element | null;
          const href = owner?.getAttribute('href') ?? owner?.getAttribute('data-href') ?? '';
          return /\/assets\/style-/.test(href) ? [href.replace(/-[\w-]{8}\.css$/, '.css')] : [];
        });
      }).observe(document, { childList: true, subtree: true });
    });
    await signIn(page, 'maya@northernlights.demo', 'admit-demo-2026', '/');
    let documentRequests = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests += 1;
    });
    await page.locator('summary', { hasText: 'Account' }).click();
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Organiser' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(documentRequests).toBe(0);
    const sheets = await page.evaluate(
      () => (window as unknown as { sheetsAtHeading: Record<string, string[]> }).sheetsAtHeading,
    );
    expect(sheets['Tickets for what’s on. A door that never stops.']).toEqual(['/assets/style-page.css']);
    // The organiser's page was put on screen only once the whole sheet had loaded.
    expect(sheets.Dashboard).toEqual(['/assets/style-page.css', '/assets/style.css']);
    expect(consoleErrors).toEqual([]);
  });

  // Axe on the desktop and the Pixel 7; the iPhone 13 has the Pixel's phone layout (playwright.config.ts). The home
  // page is checked with its events in events.spec.ts.
  test('the policy, about and not-found pages have no serious accessibility violations', { tag: '@axe' }, async ({ page }) => {
    for (const path of ['/about-us', '/terms', '/policy', '/policy/users', '/this-does-not-exist']) {
      await page.goto(path);
      await waitForHydration(page);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test('nothing overflows the screen sideways on this device, nor on a 360 px phone', async ({ page }) => {
    // The catalogue's rows of categories and cities scroll inside themselves; their hidden counts once widened the page.
    for (const width of [page.viewportSize()?.width ?? 0, 360]) {
      await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 800 });
      for (const path of ['/', '/events', '/policy/cookies']) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
