import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

// Bookmarks open offline through the service worker (one group below checks life without it).
test.use({ serviceWorkers: 'allow' });

const demoPassword = 'admit-demo-2026';
// One demo account per device project: sign-in is rate limited per account (10 per 15 minutes).
const accounts: Record<string, string> = {
  desktop: 'alex@admit.demo',
  'pixel-7': 'admin@admit.demo',
  'iphone-13': 'sam@harbourarts.demo',
};
const accountFor = (testInfo: TestInfo) => accounts[testInfo.project.name] ?? 'alex@admit.demo';

const offlineHint = 'Saved on this device — will sync when you’re online';

async function signInThroughPage(page: Page, email: string): Promise<void> {
  await waitForHydration(page);
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The titles of the account's bookmarks as the API stores them. */
async function storedBookmarks(request: APIRequestContext, email: string): Promise<string[]> {
  const signIn = await request.post('/api/auth/signIn', { data: { email, password: demoPassword } });
  expect(signIn.status()).toBe(200);
  const { accessToken } = (await signIn.json()).data as { accessToken: string };
  const response = await request.get('/api/bookmarks', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(response.status()).toBe(200);
  const { items } = (await response.json()).data as { items: Array<{ event: { title: string } }> };
  return items.map((item) => item.event.title);
}

/** How many changes wait in this device's bookmark queue (IndexedDB). */
function queuedChanges(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('admit-bookmark-queue');
        open.onupgradeneeded = () => open.result.createObjectStore('pending');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('pending').objectStore('pending').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** The demo account may keep a bookmark from an earlier run or retry: start without it. */
async function startUnbookmarked(page: Page, button: Locator): Promise<void> {
  if ((await button.getAttribute('aria-pressed')) === 'true') {
    const removed = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && /\/api\/bookmarks\//.test(response.url()),
    );
    await button.click();
    expect((await removed).status()).toBe(200);
  }
  await expect(button).toHaveAttribute('aria-pressed', 'false');
}

/** On phones the filters fold into a "Filters" panel. */
async function openFilters(page: Page): Promise<void> {
  const summary = page.locator('summary', { hasText: 'Filters' });
  if (await summary.isVisible()) await summary.click();
  await expect(page.getByLabel('Category')).toBeVisible();
}

test.describe('finding and bookmarking events', () => {
  // Where sign-in leads back to is the same on any screen: checked on the Pixel 7.
  test('find-events needs sign-in and comes back to the same search after it', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/find-events?category=music');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Ffind-events%3Fcategory%3Dmusic$/);
    await signInThroughPage(page, accountFor(testInfo));
    await expect(page).toHaveURL(/\/find-events\?category=music$/);
    await expect(page.getByLabel('Category')).toHaveValue('music');
    await expect(page.getByRole('heading', { level: 2, name: /^\d+ events?$/ })).toBeVisible();
  });

  test('an attendee searches with filters, bookmarks an event offline, and finds it stored once back online', async ({
    page,
    context,
    consoleErrors,
  }, testInfo) => {
    // A long walk (search, history, offline, reload, sign-in over the API) on an emulated phone.
    test.slow();
    const email = accountFor(testInfo);
    await page.goto('/find-events');
    await signInThroughPage(page, email);
    await expect(page).toHaveURL(/\/find-events$/);
    await waitForHydration(page);

    await page.getByRole('searchbox', { name: 'Search events' }).fill('picnic');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\?q=picnic$/);

    await openFilters(page);
    await page.getByLabel('Category').selectOption('community');
    await expect(page).toHaveURL(/category=community/);
    await page.getByLabel('City').fill('Bristol');
    await page.getByLabel('City').press('Enter');
    await expect(page).toHaveURL(/city=Bristol/);
    const price = page.getByRole('group', { name: 'Price' });
    await price.getByText('Free', { exact: true }).click();
    await expect(page).toHaveURL(/\?q=picnic&category=community&city=Bristol&price=free$/);
    await expect(page.getByRole('heading', { level: 2, name: '1 event for “picnic”' })).toBeVisible();
    await startUnbookmarked(page, page.getByRole('button', { name: /^Bookmark(ed)? Community Picnic in the Park$/ }));

    // The back button steps through the search, and forward restores it.
    await page.goBack();
    await expect(page).toHaveURL(/\?q=picnic&category=community&city=Bristol$/);
    await expect(price.getByRole('radio', { name: 'Any' })).toBeChecked();
    await expect(page.getByLabel('City')).toHaveValue('Bristol');
    await page.goBack();
    await expect(page).toHaveURL(/\?q=picnic&category=community$/);
    await expect(page.getByLabel('City')).toHaveValue('');
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/price=free$/);
    await expect(price.getByRole('radio', { name: 'Free' })).toBeChecked();

    await page.getByRole('link', { name: 'Community Picnic in the Park' }).click();
    await expect(page).toHaveURL(/\/event\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Community Picnic in the Park' })).toBeVisible();

    await context.setOffline(true);
    const bookmark = page.getByRole('button', { name: /^Bookmark/ });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await expect(bookmark).toContainText('Bookmarked');
    await expect(page.getByText(offlineHint)).toBeVisible();
    await expect.poll(() => queuedChanges(page)).toBe(1);

    // Back online, the change goes to the server on its own.
    const sent = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/api\/bookmarks\//.test(response.url()),
    );
    await context.setOffline(false);
    expect((await sent).status()).toBe(200);
    await expect(page.getByText(offlineHint)).toBeHidden();
    await expect.poll(() => queuedChanges(page)).toBe(0);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: /^Bookmark/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await storedBookmarks(page.request, email)).toContain('Community Picnic in the Park');

    await page.goto('/account/bookmarks');
    await waitForHydration(page);
    const card = page.getByRole('listitem').filter({ hasText: 'Community Picnic in the Park' });
    await expect(card.getByRole('button', { name: /^Bookmarked/ })).toHaveAttribute('aria-pressed', 'true');
    // Requests refused while offline are expected; so is Chromium giving up a view transition when
    // the emulated phone viewport changes mid-navigation.
    const expected = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Transition was aborted/;
    expect(consoleErrors.filter((message) => !expected.test(message))).toEqual([]);
  });

  // What the page does without its sync is the same on any screen: checked on the Pixel 7.
  test.describe('with no service worker', { tag: '@phone' }, () => {
    // A service worker that took control in time would answer the sync's code itself, out of this test's routes:
    // whether it did depends on how fast the host is, not on the page.
    test.use({ serviceWorkers: 'block' });

    test('a signed-in page stays on screen when its background sync cannot be fetched, and loads the sync once back online', async ({
      page,
      context,
      consoleErrors,
    }, testInfo) => {
      // The connection drops as the page starts: the sync's code is refused until the test lets it through.
      let refuse = true;
      const syncFetches: string[] = [];
      await page.route(/\/assets\/bookmark-sync-[^/]+\.js$/, (route) => {
        syncFetches.push(refuse ? 'refused' : 'sent');
        return refuse ? route.abort('internetdisconnected') : route.continue();
      });
      await page.goto('/find-events?q=market');
      await signInThroughPage(page, accountFor(testInfo));
      await expect(page).toHaveURL(/\/find-events\?q=market$/);
      await waitForHydration(page);
      await expect.poll(() => syncFetches).toEqual(['refused']);
      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents += 1;
      });
      // The page neither reloads nor shows an error: the search and its results stay usable.
      await expect(page.getByRole('heading', { level: 2, name: /for “market”/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Bookmark(ed)? Makers’ Harbour Market$/ })).toBeEnabled();

      refuse = false;
      await context.setOffline(true);
      await context.setOffline(false);
      await expect.poll(() => syncFetches).toEqual(['refused', 'sent']);
      await expect(page.getByRole('heading', { level: 2, name: /for “market”/ })).toBeVisible();
      expect(documents).toBe(0);
      const expected = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch dynamically imported module/;
      expect(consoleErrors.filter((message) => !expected.test(message))).toEqual([]);
    });
  });

  // What the device keeps and sends is the same on any screen: checked on the Pixel 7 (the tag is in the title).
  test('changes made offline are kept on the device, one per event, and sent on the next visit; bookmarks seen online are there offline @phone', async ({
    page,
    context,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto('/find-events?q=market+or+poetry');
    await signInThroughPage(page, accountFor(testInfo));
    await expect(page).toHaveURL(/\/find-events\?q=market\+or\+poetry$/);
    await waitForHydration(page);
    const market = page.getByRole('button', { name: /^Bookmark(ed)? Makers’ Harbour Market$/ });
    const poetry = page.getByRole('button', { name: /^Bookmark(ed)? Poetry Slam/ });
    await startUnbookmarked(page, market);
    await startUnbookmarked(page, poetry);

    await context.setOffline(true);
    await market.click();
    await expect(market).toHaveAttribute('aria-pressed', 'true');
    // Bookmarked and un-bookmarked while offline: one change is kept, the last.
    await poetry.click();
    await poetry.click();
    await expect(poetry).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(offlineHint)).toHaveCount(2);
    await expect.poll(() => queuedChanges(page)).toBe(2);

    // The tab closes before the connection returns; the next visit sends what was kept.
    await page.close();
    await context.setOffline(false);
    const next = await context.newPage();
    const calls: string[] = [];
    next.on('request', (request) => {
      if (/\/api\/bookmarks\/[0-9a-f-]{36}$/.test(request.url())) calls.push(request.method());
    });
    await next.goto('/account/bookmarks');
    await waitForHydration(next);
    const card = next.getByRole('listitem').filter({ hasText: 'Makers’ Harbour Market' });
    await expect(card.getByRole('button', { name: /^Bookmarked/ })).toBeVisible();
    await expect.poll(() => queuedChanges(next)).toBe(0);
    expect(calls.sort()).toEqual(['DELETE', 'PUT']);
    await expect(next.getByRole('listitem').filter({ hasText: 'Poetry Slam' })).toHaveCount(0);

    // Another device of the same account, which only opens the page: the bookmarks the server's page brought are
    // kept on it, and opened again with no connection, they show.
    const other = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { cookies: await context.cookies(), origins: [] },
    });
    try {
      const device = await other.newPage();
      await device.goto('/account/bookmarks');
      await waitForHydration(device);
      const kept = device.getByRole('listitem').filter({ hasText: 'Makers’ Harbour Market' });
      await expect(kept.getByRole('button', { name: /^Bookmarked/ })).toBeVisible();
      await device.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await other.setOffline(true);
      await device.reload();
      await waitForHydration(device);
      await expect(kept.getByRole('button', { name: /^Bookmarked/ })).toBeVisible();
      await expect(device.getByText('You seem to be offline. These are the bookmarks saved on this device.')).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
