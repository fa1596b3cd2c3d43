import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { confirmedAccount, signInAt, testPassword } from './accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

// What stays on a shared device includes what the service worker keeps.
test.use({ serviceWorkers: 'allow' });

// A shared phone: one person's session ends on the server (a password changed elsewhere), and the next
// person to pick the phone up finds nothing of theirs, online or offline.

const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };
const unique = () => crypto.randomUUID().slice(0, 8);

async function freeEventOnSale(request: APIRequestContext, title: string): Promise<string> {
  const signedIn = await request.post('/api/auth/signIn', { data: organiser });
  expect(signedIn.status()).toBe(200);
  const token = (await signedIn.json()).data.accessToken as string;
  return (await publishedEvent(request, token, title, [{ name: 'Entry', price: 0, capacity: 50 }])).id;
}

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((entry) => entry.name === name)?.value;
}

/** What the device keeps that a person could read: the persisted query cache, the kept tickets and the kept pages. */
async function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const read = (database: string, store: string, key?: string) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open(database);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve(undefined);
          const objects = db.transaction(store).objectStore(store);
          const request = key === undefined ? objects.getAll() : objects.get(key);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(undefined);
        };
        open.onerror = () => resolve(undefined);
      });
    const queryCache = await read('keyval-store', 'keyval', 'admit-query-cache');
    const tickets = JSON.stringify((await read('admit-tickets', 'orders')) ?? []);
    const pages = (await caches.has('admit-pages'))
      ? (await (await caches.open('admit-pages')).keys()).map((request) => new URL(request.url).pathname)
      : [];
    return { queryCache: queryCache === undefined ? null : JSON.stringify(queryCache), tickets, pages };
  });
}

test('a session ended on the server leaves nothing of its person on the device, online or offline', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = `Shared Phone Social ${unique()}`;
  const eventId = await freeEventOnSale(page.request, title);
  const holder = `Hana ${unique()}`;
  const buyer = await confirmedAccount(page.request, {
    firstName: 'Hana',
    lastName: 'Holder',
    email: `hana.${unique()}.${testInfo.project.name}@example.test`,
    dateOfBirth: Math.floor(Date.UTC(1991, 2, 3) / 1000),
    userType: 'attendee',
  });

  await signInAt(page, buyer.email, '/account/bookings');
  const token = await cookie(context, 'accessToken');
  const event = (await (await page.request.get(`/api/events/${eventId}`)).json()).data as { ticketTypes: Array<{ id: string }> };
  const ordered = await page.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      eventId,
      items: [{ ticketTypeId: event.ticketTypes[0]?.id, quantity: 1 }],
      buyer: { name: holder, email: buyer.email },
    },
  });
  expect(ordered.status()).toBe(201);

  // Seen online: the tickets are kept on the device for offline use (never as a page's HTML).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await waitForHydration(page);
  const booking = page.getByRole('article', { name: title });
  await expect(booking.getByRole('img', { name: new RegExp(`QR code of ticket 1 of 1, Entry, ${holder}`) })).toBeVisible();
  await expect
    .poll(async () => {
      const kept = await keptOnDevice(page);
      return kept.tickets.includes(holder);
    })
    .toBe(true);
  expect((await keptOnDevice(page)).pages).not.toContain('/account/bookings');

  // The password changed on another device (which ends every other session), and the access token has lapsed.
  const elsewhere = await request.post('/api/auth/signIn', { data: { email: buyer.email, password: testPassword } });
  expect(elsewhere.status()).toBe(200);
  const changed = await request.post('/api/auth/changePassword', {
    headers: { Authorization: `Bearer ${(await elsewhere.json()).data.accessToken}` },
    data: { currentPassword: testPassword, newPassword: `${testPassword} renewed` },
  });
  expect(changed.status()).toBe(200);
  await context.addCookies([
    { name: 'tokenExpiry', value: String(Math.floor(Date.now() / 1000) - 60), url: new URL(page.url()).origin },
  ]);

  await page.goto('/account/bookings');
  await expect(page).toHaveURL(/\/sign-in/);
  await waitForHydration(page);
  const kept = await keptOnDevice(page);
  expect(kept.queryCache ?? '').not.toContain(holder);
  expect(kept.tickets).not.toContain(holder);
  expect(kept.pages).not.toContain('/account/bookings');
  expect(await cookie(context, 'accessToken')).toBeUndefined();

  await context.setOffline(true);
  await page.goto('/account/bookings').catch(() => undefined);
  await expect(page.locator('body')).not.toContainText(holder);
  await expect(page.locator('body')).not.toContainText(title);
  await context.setOffline(false);
});
