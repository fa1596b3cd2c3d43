import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { confirmedAccount, testPassword } from './accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

/** A word no other event has, so a search for it finds this run's events only. */
const uniqueWord = () => `lumen${Math.random().toString(36).slice(2, 9)}`;

const lantern = { latitude: 50.7151, longitude: -1.9873 };

/** A day far enough ahead that these events come after every demo event in the catalogue and on the home page. */
const daysAhead = (days: number, hour = 18) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

/**
 * A new organiser's free events (no identity check needed), all carrying `word`: twelve walks, so the
 * catalogue has a second page whatever else the server holds, a lantern procession with map coordinates
 * in "family", and a brass band in "music" that a search in "family" must not find.
 */
async function organiserEvents(request: APIRequestContext, testInfo: TestInfo, word: string) {
  const email = `catalogue.${word}.${testInfo.project.name}@example.test`;
  await confirmedAccount(request, {
    firstName: 'Cara',
    lastName: 'Catalogue',
    email,
    dateOfBirth: Math.floor(Date.UTC(1988, 4, 6) / 1000),
    userType: 'organiser',
    organizationName: `Lantern Makers ${word}`,
  });
  const signedIn = await request.post('/api/auth/signIn', { data: { email, password: testPassword } });
  expect(signedIn.status()).toBe(200);
  const token = (await signedIn.json()).data.accessToken as string;
  const free = [{ name: 'Entry', price: 0, capacity: 40 }];
  const at = (day: number) => ({ startsAt: daysAhead(day), endsAt: daysAhead(day, 21) });
  for (let index = 0; index < 12; index += 1) {
    await publishedEvent(request, token, `Walk ${index + 1} ${word}`, free, { category: 'community', ...at(300 + index) });
  }
  await publishedEvent(request, token, `Brass band ${word}`, free, { category: 'music', ...at(320) });
  return publishedEvent(request, token, `Lantern procession ${word}`, free, {
    category: 'family',
    ...at(321),
    venue: { name: 'Quay Gardens', address: '4 Harbour Walk', city: 'Poole', country: 'United Kingdom', ...lantern },
  });
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test.describe('the public catalogue', () => {
  test.setTimeout(90_000);

  test('a signed-out visitor pages on, filters by category and city, finds an event by a word, and its place opens on OpenStreetMap', async ({
    page,
    request,
    consoleErrors,
  }, testInfo) => {
    const word = uniqueWord();
    const event = await organiserEvents(request, testInfo, word);
    // The map's own site is answered here: where the link leads is the point, not OpenStreetMap's page.
    await page
      .context()
      .route('https://www.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'OpenStreetMap' }));

    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'See all events' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All events' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^\d+ events on sale$/ })).toBeVisible();
    const firstTitles = await page.getByRole('main').getByRole('heading', { level: 3 }).allTextContents();
    expect(firstTitles).toHaveLength(12);

    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/events\?after=/);
    await expect(pages.getByRole('link', { name: 'Previous page' })).toBeVisible();
    const secondTitles = await page.getByRole('main').getByRole('heading', { level: 3 }).allTextContents();
    expect(secondTitles.length).toBeGreaterThan(0);
    expect(secondTitles.filter((title) => firstTitles.includes(title))).toEqual([]);
    await shot(page, testInfo, 'catalogue-second-page');
    await pages.screenshot({ path: testInfo.outputPath('catalogue-pager.png') });
    await page.getByRole('navigation', { name: 'Categories' }).screenshot({ path: testInfo.outputPath('catalogue-chips.png') });

    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Family' }).click();
    await expect(page).toHaveURL(/\/events\/family$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Family events' })).toBeVisible();
    await expect(page).toHaveTitle('Family events · Admit');

    // A city is a listing of its own, and a search from it stays in it.
    await page
      .getByRole('navigation', { name: 'Cities' })
      .getByRole('link', { name: /^Poole/ })
      .click();
    await expect(page).toHaveURL(/\/events\/family\?city=Poole$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Family events in Poole' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Cities' }).getByRole('link', { name: /^Poole/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shot(page, testInfo, 'catalogue-city');
    await page.getByLabel('Search events').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/events/family\\?city=Poole&q=${word}$`));
    const results = page.getByRole('main').getByRole('heading', { level: 3 });
    await expect(results).toHaveText([`Lantern procession ${word}`]);
    await expect(page.getByRole('heading', { level: 2, name: `1 event matching “${word}”` })).toBeVisible();
    await shot(page, testInfo, 'catalogue-search');

    await page.getByRole('link', { name: `Lantern procession ${word}` }).click();
    await expect(page).toHaveURL(`/event/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lantern procession ${word}`);
    const map = page.getByRole('link', { name: /4 Harbour Walk/ });
    const { latitude, longitude } = lantern;
    await expect(map).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`,
    );
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('main')).not.toContainText(String(latitude));
    await map.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'event-map-link');
    const opened = page.waitForEvent('popup');
    await map.click();
    const popup = await opened;
    await popup.waitForLoadState();
    expect(popup.url()).toContain(`openstreetmap.org/?mlat=${latitude}&mlon=${longitude}`);
    await popup.close();
    expect(consoleErrors).toEqual([]);
  });

  test('without JavaScript the catalogue pages, searches and filters by date, with its own title and canonical link', async ({
    browser,
    request,
  }, testInfo) => {
    const word = uniqueWord();
    const event = await organiserEvents(request, testInfo, word);
    const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
    const page = await context.newPage();

    const response = await page.goto('/events/community');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Community events · Admit');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/events\/community$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Community events on sale/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    // The search form, as the browser sends it: empty fields and all.
    await page.goto('/events');
    const search = page.getByLabel('Search events');
    await search.fill(word);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/events\\?q=${word}$`));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 2, name: `14 events matching “${word}”` })).toBeVisible();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText([
      `Brass band ${word}`,
      `Lantern procession ${word}`,
    ]);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous page' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(12);

    // The procession's day, chosen with the two date fields (on phones, behind "Filters").
    const day = event.startsAt.slice(0, 10);
    const filters = page.locator('summary', { hasText: 'Filters' });
    if (await filters.isVisible()) await filters.click();
    await page.getByLabel('From', { exact: true }).fill(day);
    await page.getByLabel('To', { exact: true }).fill(day);
    await page.getByRole('button', { name: 'Show events' }).click();
    await expect(page).toHaveURL(new RegExp(`/events\\?q=${word}&from=${day}&to=${day}$`));
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText([`Lantern procession ${word}`]);
    await shot(page, testInfo, 'catalogue-no-script-dates');
    await context.close();
  });
});
