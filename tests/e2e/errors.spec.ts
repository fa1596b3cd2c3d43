import { appendLink, expect, test, waitForHydration } from './fixtures.ts';

test.describe('errors and navigation safety', () => {
  test('an unknown address shows Page Not Found with the full path and status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page?ref=mail');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found /no/such/page?ref=mail');
  });

  test('a route whose parameter fails validation is a 404 too', async ({ page }) => {
    const response = await page.goto('/policy/not-a-policy');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found /policy/not-a-policy');
  });

  test('the payment pages opened without their order say the link is missing it, not that the connection failed', async ({
    page,
  }) => {
    await page.goto('/payment/order-success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No order to show');
    await expect(page.getByText('This link is missing its order.')).toBeVisible();
    await page.goto('/payment-success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No order to confirm');
  });

  test('an unknown address reached in the browser shows the same 404', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await appendLink(page, '/missing-page', 'missing');
    await page.getByRole('link', { name: 'missing' }).click();
    await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found /missing-page');
  });

  test.describe('without a service worker', () => {
    // The worker's precache would serve the chunk; this is the first visit after a new release.
    test.use({ serviceWorkers: 'block' });

    test('a page whose code fails to load reloads once, then explains and offers a retry', async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
      await page.route(/\/assets\/about-us-[\w-]+\.js$/, (route) => route.abort());
      const documentLoads: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documentLoads.push(new URL(request.url()).pathname);
      });
      await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
      await expect(page.getByTestId('fatal-error')).toContainText('This page could not be loaded', { timeout: 10_000 });
      expect(documentLoads).toEqual(['/about-us']);

      await page.unroute(/\/assets\/about-us-[\w-]+\.js$/);
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
    });

    test('the page stays when the toasts’ code cannot be fetched, and toasts work once the connection returns', async ({
      page,
      context,
    }) => {
      // The connection drops before the toasts' code (the library with the product's settings) arrives: it is refused until the test lets it through.
      let refuse = true;
      await page.route(/\/assets\/toast-layer-[\w-]+\.js$/, (route) =>
        refuse ? route.abort('internetdisconnected') : route.continue(),
      );
      const library = page.waitForRequest(/\/assets\/toast-layer-[\w-]+\.js$/);
      await page.goto('/');
      await waitForHydration(page);
      await library;
      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents += 1;
      });
      // A refused link raises a toast: without its library, none shows, and the page stays whole.
      await appendLink(page, 'https://elsewhere.example/', 'elsewhere');
      await page.getByRole('link', { name: 'elsewhere' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets for what’s on. A door that never stops.');
      await expect(page.getByRole('link', { name: 'See all events' })).toBeVisible();

      refuse = false;
      await context.setOffline(true);
      await context.setOffline(false);
      await page.getByRole('link', { name: 'elsewhere' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'not opened' })).toBeVisible();
      expect(documents).toBe(0);
    });
  });

  test('links to sites that are not allowed, and script URLs, are refused', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await appendLink(page, 'https://phishing.example/login', 'outside');
    await appendLink(page, 'javascript:alert(1)', 'script');
    await page.getByRole('link', { name: 'outside' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'not opened' });
    await expect(refused).toBeVisible();
    // The warning's icon keeps its colour on a public page, whose stylesheet holds only the rules its code names.
    const icon = refused.getByRole('img', { name: 'Warning' });
    expect(await icon.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // Its text is in the page's type and ink, not the library's grey sans-serif.
    const text = await refused.evaluate((element) => ({
      font: getComputedStyle(element).fontFamily,
      pageFont: getComputedStyle(document.body).fontFamily,
      ink: getComputedStyle(element).color,
    }));
    expect(text.font).toBe(text.pageFont);
    expect(text.ink).not.toBe('rgb(117, 117, 117)');
    await page.getByRole('link', { name: 'script' }).click();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('only one toast is visible at a time', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await appendLink(page, 'https://elsewhere.example/', 'elsewhere');
    const link = page.getByRole('link', { name: 'elsewhere' });
    await link.click();
    await link.click();
    await link.click();
    await expect(page.locator('.Toastify__toast')).toHaveCount(1);
    await page.waitForTimeout(500);
    await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  });

  test('a failure while mounting is logged and kept as the payload error', async ({ page, consoleErrors, baseURL }) => {
    // A page with a cookie is the visitor's own and its scripts carry a nonce (a shared page lists their hashes, and
    // a rewritten boot script would not run at all): the boot script runs, asks for the code, and mount fails.
    await page.context().addCookies([{ name: 'seen', value: '1', url: baseURL ?? '' }]);
    await page.route('**/terms', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('window.__ADMIT__=', 'window.__NOT_ADMIT__=');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/terms');
    await expect.poll(() => page.evaluate(() => String(window.__ADMIT_PAYLOAD_ERROR__ ?? ''))).toContain('boot state');
    expect(consoleErrors.join('\n')).toContain('Admit could not start');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  });

  test('an unknown API path answers the JSON envelope, not a page', async ({ request }) => {
    const response = await request.get('/api/no/such/route');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ httpStatus: 'NOT_FOUND', message: 'There is no API route GET /api/no/such/route.' });
  });
});
