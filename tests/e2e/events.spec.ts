import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { eventListTerms } from '../../src/contract/event-list-terms.ts';
import type { EventList, EventSummary } from '../../src/contract/events.ts';
import { seriousViolations } from './axe.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

/** The published events soonest first, as the API lists them (`pageSize` of them). */
async function soonest(request: APIRequestContext, pageSize: number): Promise<EventSummary[]> {
  const response = await request.get(`/api/events?pageSize=${pageSize}&sort=date`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: EventList }).data.items;
}

/**
 * The soonest published event with a cover (the e2e server seeds demo events with covers on first start). Not
 * simply the soonest: other tests publish events of their own without a cover, starting within the hour.
 */
async function firstEvent(request: APIRequestContext): Promise<EventSummary> {
  const event = (await soonest(request, eventListTerms.pageSize.max)).find((item) => item.coverImageUrl !== null);
  if (!event) throw new Error('The e2e server has no published event with a cover.');
  return event;
}

test.describe('events', () => {
  test('the home page lists upcoming events in the server HTML', async ({ browser, request }) => {
    const [next] = await soonest(request, 8);
    const event = await firstEvent(request);
    if (!next) throw new Error('The e2e server has no published events.');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const soon = page.getByRole('region', { name: 'Happening soon' });
    await expect(soon.getByRole('link', { name: next.title }).first()).toHaveAttribute('href', `/event/${next.id}`);
    expect(await soon.getByRole('listitem').count()).toBeGreaterThan(1);
    // The public catalogue, for everyone; find-events needs sign-in.
    await expect(page.getByRole('search')).toHaveAttribute('action', '/events');
    await expect(page.getByRole('link', { name: 'Music', exact: true })).toHaveAttribute('href', '/events/music');
    await expect(page.getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/events');
    // A card's cover, as every list of events shows it: found by its title in the catalogue, since the eight
    // soonest may all be other tests' events without one.
    await page.goto(`/events?q=${encodeURIComponent(event.title)}`);
    const cover = page.getByRole('img', { name: event.title }).first();
    await expect(cover).toHaveAttribute('width', '960');
    // The server offers the cover in sized copies, from a card on a phone to a wide screen at 2×.
    await expect(cover).toHaveAttribute('srcset', /^\/api\/uploads\/sized\/480\/\S+ 480w, .+ 1440w$/);
    await expect(cover).toHaveAttribute('sizes', /calc\(100vw - 2rem\)$/);
    await context.close();
  });

  test('an event page renders on the server with its details and structured data', async ({ browser, request }) => {
    const event = await firstEvent(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`/event/${event.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
    await expect(page).toHaveTitle(`${event.title} · Admit`);
    await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
    // Without scripts the ticket choice is there but inert, rather than a button that does nothing.
    await expect(page.getByRole('button', { name: 'Choose your tickets' })).toBeDisabled();
    await expect(page.getByRole('link', { name: event.organizer.name })).toHaveAttribute(
      'href',
      `/organisation-view/${event.organizer.id}`,
    );
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(/^https?:\/\/.+\/uploads\//);

    const blocks = page.locator('script[type="application/ld+json"]');
    await expect(blocks).toHaveCount(1);
    const jsonLd = JSON.parse((await blocks.textContent()) ?? '') as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: event.title,
      startDate: event.startsAt,
      endDate: event.endsAt,
      eventStatus: 'https://schema.org/EventScheduled',
    });
    const offers = jsonLd.offers as Array<Record<string, string>>;
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.price).toMatch(/^\d+(\.\d+)?$/);
      expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
      expect(offer.url).toMatch(new RegExp(`/event/${event.id}$`));
    }
    await context.close();
  });

  for (const path of ['/event/00000000-0000-4000-8000-000000000000', '/event/nope']) {
    // An answer no screen changes: checked on the desktop.
    test(`${path} answers 404 with Page Not Found`, { tag: '@desktop' }, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('not-found-message')).toHaveText(`Page Not Found ${path}`);
    });
  }

  test('an event card opens its page in the browser without a reload or console errors', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const event = await firstEvent(request);
    await page.goto('/');
    await waitForHydration(page);
    let documentRequests = 0;
    page.on('request', (pending) => {
      if (pending.resourceType() === 'document') documentRequests += 1;
    });
    await page.getByRole('region', { name: 'Happening soon' }).getByRole('link', { name: event.title }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
    await expect(page).toHaveTitle(`${event.title} · Admit`);
    expect(documentRequests).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('an event page hydrates without console errors and fits the screen', async ({ page, request, consoleErrors }) => {
    const event = await firstEvent(request);
    // The page hydrates from what the server sent: the browser asks the API for no data again (covers aside).
    const dataRequests: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/uploads/')) dataRequests.push(pathname);
    });
    for (const path of ['/', `/event/${event.id}`]) {
      await page.goto(path);
      await waitForHydration(page);
    }
    await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeEnabled();
    expect(dataRequests).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(consoleErrors).toEqual([]);
  });

  // The clock, not the screen: checked on the desktop.
  test('an event page adds the dates on the visitor’s own clock only when it differs from the event’s', {
    tag: '@desktop',
  }, async ({ browser, request }) => {
    const event = await firstEvent(request);
    // Kiritimati is 14 hours ahead of UTC all year: no demo event's zone shares its clock.
    for (const [timezoneId, shown] of [
      [event.timezone, false],
      ['Pacific/Kiritimati', true],
    ] as const) {
      const context = await browser.newContext({ timezoneId });
      const page = await context.newPage();
      await page.goto(`/event/${event.id}`);
      await waitForHydration(page);
      const yourTime = page.getByText(/^Your time: /);
      if (shown) {
        await expect(yourTime).toBeVisible();
        await expect(yourTime).toContainText('GMT+14');
      } else {
        // The comparison runs in a transition once hydrated; give it the time it takes on a slow machine.
        await page.waitForTimeout(500);
        await expect(yourTime).toHaveCount(0);
      }
      await expect(page.getByText(`Local time at the event (${event.timezone.replace(/_/g, ' ')})`)).toBeVisible();
      await context.close();
    }
  });

  test('the home page and an event page have no serious accessibility violations', async ({ page, request }) => {
    // Two axe runs of a full page: near the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const event = await firstEvent(request);
    await page.goto('/');
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/event/${event.id}`);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  // A download, on the desktop.
  test('add to calendar downloads an .ics file with the start in UTC', { tag: '@desktop' }, async ({ page, request }) => {
    const event = await firstEvent(request);
    await page.goto(`/event/${event.id}`);
    await waitForHydration(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await readFile((await file.path()) as string, 'utf8');
    const utc = (iso: string) =>
      new Date(iso)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics).toContain(`\r\nDTSTART:${utc(event.startsAt)}\r\n`);
    expect(ics).toContain(`\r\nDTEND:${utc(event.endsAt)}\r\n`);
    expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${event.title.replace(/([,;])/g, '\\$1')}`);
  });

  test('an organisation page lists its upcoming events on the server; an unknown one is a 404', async ({ browser, request }) => {
    const event = await firstEvent(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`/organisation-view/${event.organizer.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.organizer.name);
    await expect(page.getByRole('region', { name: 'Upcoming events' }).getByRole('link', { name: event.title })).toHaveAttribute(
      'href',
      `/event/${event.id}`,
    );
    const missing = await page.goto('/organisation-view/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('not-found-message')).toContainText('Page Not Found');
    await context.close();
  });
});
