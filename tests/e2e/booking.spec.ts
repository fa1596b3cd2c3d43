import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { orderAmounts } from '../../src/contract/booking-fee.ts';
import type { Event } from '../../src/contract/events.ts';
import type { BookingFeeRule, Order } from '../../src/contract/orders.ts';
import { confirmedAccount, signInAt, testPassword } from './accounts.ts';
import { checkout, payInSandbox, ticketPanel } from './checkout.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { codeFromMail } from './mailbox.ts';
import { publishedEvent } from './organizer-api.ts';

// A verified demo organisation (paid tickets need one); one sign-in per project, for every event of this file.
const organiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
/** A folder to save screenshots of TEST tickets in, when asked. */
const shots = process.env.ADMIT_BOOKING_SHOTS;
const password = testPassword;
const unique = () => crypto.randomUUID().slice(0, 8);
const money = (minor: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100);

interface OrganizerSession {
  accessToken: string;
  refreshToken: string;
  authId: string;
  user: { email: string; platforms: string[] };
}

async function organizerSignIn(request: APIRequestContext): Promise<OrganizerSession> {
  const response = await request.post('/api/auth/signIn', { data: organiser });
  expect(response.status()).toBe(200);
  return (await response.json()).data as OrganizerSession;
}

/** The session cookies a sign-in through the page would leave, so the organiser needs no second sign-in. */
async function useOrganizerSession(context: BrowserContext, baseURL: string, session: OrganizerSession): Promise<void> {
  const exp = (JSON.parse(Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number })
    .exp;
  const cookie = (name: string, value: string, httpOnly = false) => ({
    name,
    value,
    url: baseURL,
    httpOnly,
    sameSite: 'Strict' as const,
  });
  await context.addCookies([
    cookie('accessToken', session.accessToken),
    cookie('tokenExpiry', String(exp)),
    cookie('u', session.authId),
    cookie('email', session.user.email),
    cookie('platforms', session.user.platforms.join(',')),
    cookie('refreshToken', session.refreshToken, true),
  ]);
}

/** A paid order placed and paid through the API, as a guest with the sandbox's test card. */
async function paidOrder(request: APIRequestContext, eventId: string, ticketTypeId: string, buyerName: string): Promise<Order> {
  const placed = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      eventId,
      items: [{ ticketTypeId, quantity: 2 }],
      buyer: { name: buyerName, email: `${buyerName.split(' ')[0]?.toLowerCase()}.${unique()}@example.test` },
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as Order;
  const sessionId = order.paymentUrl?.split('/').pop() ?? '';
  const paid = await request.post(`/api/payments/sandbox/${sessionId}`, {
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: buyerName },
  });
  expect((await paid.json()).data.outcome).toBe('succeeded');
  await expect
    .poll(
      async () => ((await (await request.get(`/api/orders/${order.id}?token=${order.accessToken}`)).json()).data as Order).status,
    )
    .toBe('paid');
  return order;
}

/** A new attendee with a confirmed email, made through the API (the account pages have their own tests). */
async function newBuyer(request: APIRequestContext, project: string) {
  const account = {
    firstName: 'Bea',
    lastName: 'Buyer',
    email: `buyer.${unique()}.${project}@example.test`,
    password,
    dateOfBirth: Math.floor(Date.UTC(1990, 4, 1) / 1000),
    userType: 'attendee',
  };
  return confirmedAccount(request, account);
}

async function availability(request: APIRequestContext, eventId: string): Promise<number> {
  const event = (await (await request.get(`/api/events/${eventId}`)).json()).data as Event;
  return event.ticketTypes[0]?.available ?? -1;
}

let organizerSession: OrganizerSession;
let paidEvent: Event;
let scarceEvent: Event;
let freeEvent: Event;

test.describe('booking', () => {
  // In order, in one worker: the organiser signs in once for all three events (sign-in is rate limited per account).
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ request }) => {
    organizerSession = await organizerSignIn(request);
    const token = organizerSession.accessToken;
    const id = unique();
    paidEvent = await publishedEvent(request, token, `Booking Night ${id}`, [{ name: 'Standard', price: 1250, capacity: 50 }]);
    scarceEvent = await publishedEvent(request, token, `Last Seat ${id}`, [{ name: 'Seat', price: 900, capacity: 1 }]);
    freeEvent = await publishedEvent(request, token, `Open Day ${id}`, [{ name: 'Entry', price: 0, capacity: 100 }]);
  });

  test.describe('with the service worker', () => {
    // The tickets are kept on the device and open offline through the worker.
    test.use({ serviceWorkers: 'allow' });

    test('a signed-in buyer pays for two tickets with the test card, sees them, and finds them offline in Bookings', async ({
      page,
      context,
      consoleErrors,
    }, testInfo) => {
      test.setTimeout(90_000);
      const buyer = await newBuyer(page.request, testInfo.project.name);
      const rule = (await (await page.request.get('/api/booking-fee')).json()).data as BookingFeeRule;
      const amounts = orderAmounts(rule, [{ unitPrice: 1250, quantity: 2 }]);

      await signInAt(page, buyer.email, `/event/${paidEvent.id}`);
      const panel = ticketPanel(page);
      await panel.getByRole('button', { name: 'Add one Standard ticket' }).click();
      await panel.getByRole('button', { name: 'Add one Standard ticket' }).click();
      await expect(panel.locator('output')).toHaveText('2');
      // The same arithmetic as the server's, in the event's currency.
      await expect(panel.getByText(money(amounts.subtotal), { exact: true })).toBeVisible();
      await expect(panel.getByText(money(amounts.bookingFee), { exact: true })).toBeVisible();
      await panel.getByRole('button', { name: `Continue with 2 tickets, total ${money(amounts.total)}` }).click();

      // Signed in: the account's name and email are filled in.
      await expect(page.getByLabel('Full name')).toHaveValue('Bea Buyer');
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(buyer.email);
      await page.locator('summary', { hasText: 'Name each ticket' }).click();
      const companion = page.getByRole('group', { name: 'Standard — ticket 2' });
      await companion.getByLabel('Name on the ticket (optional)').fill('Cam Companion');
      await companion.getByLabel('Email (optional)').fill('Cam.Companion@Example.test');
      const placed = page.waitForResponse(
        (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: `Pay ${money(amounts.total)}` }).click();
      const request = (await placed).request();
      expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      // Each ticket's holder by its place: the first left to the buyer, the second named, with their own address.
      expect(request.postDataJSON().attendees).toEqual([
        expect.objectContaining({ name: '' }),
        expect.objectContaining({ name: 'Cam Companion', email: 'cam.companion@example.test' }),
      ]);

      await expect(page).toHaveURL(/\/pay\/sandbox\/[\w-]+$/);
      await waitForHydration(page);
      await expect(page.getByRole('note', { name: 'Test mode' })).toContainText('TEST MODE');
      await expect(page.getByRole('timer')).toBeVisible();
      await page.getByRole('button', { name: /^Use 4242 4242 4242 4242/ }).click();
      await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
      await page.getByLabel('Name on card').fill('Bea Buyer');
      await page.getByRole('button', { name: `Pay ${money(amounts.total)}` }).click();

      await expect(page).toHaveURL(/\/payment\/order-success\?orderId=/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You’re going to ${paidEvent.title}`);
      // Paid in the sandbox: a TEST order, and it says so above everything else.
      await expect(page.getByRole('note', { name: 'TEST order' })).toContainText('no money was taken');
      await expect(page.getByRole('img', { name: /^QR code of ticket 1 of 2, Standard, Bea Buyer$/ })).toBeVisible();
      await expect(page.getByRole('img', { name: /^QR code of ticket 2 of 2, Standard, Cam Companion$/ })).toBeVisible();
      await expect(page.getByRole('note', { name: 'TEST — not valid for entry' })).toHaveCount(2);
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary).toContainText(`Paid${money(amounts.total)}`);

      // Loaded again through the service worker: payment pages are never kept on the device.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole('img', { name: /^QR code of ticket 1 of 2/ })).toBeVisible();

      // The tickets are kept on the device: once seen online, Bookings opens without a connection.
      await page.getByRole('link', { name: 'All my bookings' }).click();
      await expect(page).toHaveURL('/account/bookings');
      const booking = page.getByRole('article', { name: paidEvent.title });
      await expect(booking.getByRole('img', { name: /^QR code of ticket 2 of 2/ })).toBeVisible();
      await page.goto('/account/bookings');
      await waitForHydration(page);
      await expect(booking.getByRole('img', { name: /^QR code of ticket 1 of 2/ })).toBeVisible();
      await expect(booking.getByRole('note', { name: 'TEST — not valid for entry' })).toHaveCount(2);
      if (shots) {
        await booking.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/testmode-my-tickets.png` });
      }

      await context.setOffline(true);
      await page.reload();
      await waitForHydration(page);
      await expect(booking.getByRole('img', { name: /^QR code of ticket 1 of 2, Standard, Bea Buyer$/ })).toBeVisible();
      await expect(booking.getByRole('img', { name: /^QR code of ticket 2 of 2, Standard, Cam Companion$/ })).toBeVisible();
      await expect(page.getByText(/^Last updated /)).toBeVisible();
      await expect(page.getByText('You seem to be offline. These are the tickets saved on this device.')).toBeVisible();
      await context.setOffline(false);
      const keptPages = await page.evaluate(async () =>
        (await (await caches.open('admit-pages')).keys()).map((request) => new URL(request.url).pathname),
      );
      // Pages with anything of the buyer in them are never kept as HTML: Bookings opens from the app shell.
      expect(keptPages.filter((path) => /^\/(account|pay|payment|organizer)/.test(path))).toEqual([]);

      const expected = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Transition was aborted/;
      expect(consoleErrors.filter((message) => !expected.test(message))).toEqual([]);
    });
  });

  // Watching a hold lapse takes the whole hold (ORDER_HOLD_SECONDS); one phone is enough.
  test('a declined card ends on the error page; the held ticket goes back on sale when the hold lapses', {
    tag: '@phone',
  }, async ({ page }) => {
    await page.goto(`/event/${scarceEvent.id}`);
    await waitForHydration(page);
    await checkout(page, 'Seat', 1, { name: 'Dee Declined', email: `declined.${unique()}@example.test` });
    await page.getByRole('button', { name: /^Pay / }).click();
    await payInSandbox(page, '4000 0000 0000 0002', 'Dee Declined');

    await expect(page).toHaveURL(/\/payment\/order-error\?.*reason=declined/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your card was declined');
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', /^\/pay\/sandbox\//);
    // Held for this buyer: nobody else can take the last seat meanwhile.
    expect(await availability(page.request, scarceEvent.id)).toBe(0);

    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    const orderToken = new URL(page.url()).searchParams.get('token') ?? '';
    const order = (await (await page.request.get(`/api/orders/${orderId}?token=${orderToken}`)).json()).data as Order;
    const holdMs = new Date(order.holdExpiresAt ?? 0).getTime() - Date.now();
    // The e2e server shortens holds (ORDER_HOLD_SECONDS in playwright.config.ts); 15 minutes would not fit a test.
    expect(holdMs, 'the e2e server should hold tickets for under two minutes').toBeLessThan(120_000);
    test.setTimeout(holdMs + 60_000);

    await expect(page.getByText('Your hold has ended. The tickets went back on sale.')).toBeVisible({
      timeout: holdMs + 15_000,
    });
    await expect(page.getByRole('timer')).toHaveCount(0);
    expect(await availability(page.request, scarceEvent.id)).toBe(1);

    await page.getByRole('link', { name: 'Back to the event' }).click();
    await expect(page).toHaveURL(`/event/${scarceEvent.id}`);
    await expect(ticketPanel(page).getByRole('button', { name: 'Add one Seat ticket' })).toBeEnabled();
  });

  // What the browser's query cache keeps between the error pages is the same on any screen: on the desktop, which so
  // sees the error page that the Pixel 7 sees above.
  test('two declined cards then the test card: the buyer sees the booking confirmed, never “declined”', {
    tag: '@desktop',
  }, async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(`/event/${paidEvent.id}`);
    await waitForHydration(page);
    await checkout(page, 'Standard', 1, { name: 'Tess Tries', email: `tries.${unique()}@example.test` });
    await page.getByRole('button', { name: /^Pay / }).click();

    // First refusal. The buyer reads the error for a few seconds, long enough for the order kept in the browser's
    // query cache since it was placed to go stale (staleTime, 5 s): the next error page reads it again, as failed.
    await payInSandbox(page, '4000 0000 0000 0002', 'Tess Tries');
    await expect(page).toHaveURL(/\/payment\/order-error\?.*reason=declined/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your card was declined');
    await page.waitForTimeout(5_500);
    await page.getByRole('link', { name: 'Try again' }).click();

    // Second refusal; then straight back to paying, so the failed order that page read is still fresh in the cache.
    await payInSandbox(page, '4000 0000 0000 0002', 'Tess Tries');
    await expect(page).toHaveURL(/\/payment\/order-error\?.*reason=declined/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your card was declined');
    await expect(page.getByText('Your tickets are still held for you')).toBeVisible();
    await page.getByRole('link', { name: 'Try again' }).click();

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await payInSandbox(page, '4242 4242 4242 4242', 'Tess Tries');
    await expect(page).toHaveURL(/\/payment\/order-success\?orderId=/, { timeout: 20_000 });
    await expect(page.getByText('Booking confirmed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You’re going to ${paidEvent.title}`);
    // Not even for a moment on the way: the landing goes by the server's answer, not the earlier page's copy.
    expect(visited).toContain('/payment-success');
    expect(visited).not.toContain('/payment/order-error');
    await expect(page.getByText('Your card was declined')).toHaveCount(0);

    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    const orderToken = new URL(page.url()).searchParams.get('token') ?? '';
    const order = (await (await page.request.get(`/api/orders/${orderId}?token=${orderToken}`)).json()).data as Order;
    expect(order.status).toBe('paid');
  });

  test('a free event books without payment', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const checkoutCode = /\/assets\/(checkout-form|schemas|axios)-/;
    await page.goto(`/event/${freeEvent.id}`);
    await waitForHydration(page);
    // The checkout (forms, schemas, the HTTP client) is not part of the event page until a ticket is chosen.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => checkoutCode.test(path))).toEqual([]);
    const panel = ticketPanel(page);
    await panel.getByRole('button', { name: 'Add one Entry ticket' }).click();
    await expect.poll(() => scripts.some((path) => path.includes('/assets/checkout-form-'))).toBe(true);
    await expect(panel.getByText('£0.00', { exact: true })).toHaveCount(3);
    await panel.getByRole('button', { name: /^Continue with 1 ticket/ }).click();
    const email = `free.${unique()}@example.test`;
    await page.getByLabel('Full name').fill('Fran Free');
    await page.getByLabel('Email', { exact: true }).fill(email);
    const payments: string[] = [];
    page.on('request', (request) => {
      if (/\/pay\/|\/api\/payments\//.test(request.url())) payments.push(request.url());
    });
    await page.getByRole('button', { name: 'Book now' }).click();

    // A guest's email is not proven: the ticket is held until the code mailed to it is entered.
    await expect(page).toHaveURL(/\/payment\/order-success\?orderId=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email — enter the code to get your tickets');
    expect(await availability(page.request, freeEvent.id)).toBe(99);
    await codeFromMail(email);
    await page.getByRole('button', { name: 'Send the code again' }).click();
    // The first code no longer works: the second one does.
    const code = await codeFromMail(email, 2);
    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Get my tickets' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You’re going to ${freeEvent.title}`);
    await expect(page.getByRole('img', { name: 'QR code of ticket 1 of 1, Entry, Fran Free' })).toBeVisible();
    expect(payments).toEqual([]);
    expect(await availability(page.request, freeEvent.id)).toBe(99);
  });
  // An organiser's flow, on the desktop; organizer-phone.spec.ts checks the payments page on a phone.
  test('the organiser finds the order in Payments, exports the list and refunds one of its tickets', { tag: '@desktop' }, async ({
    page,
    context,
    baseURL,
  }) => {
    const typeId = paidEvent.ticketTypes[0]?.id ?? '';
    const order = await paidOrder(page.request, paidEvent.id, typeId, 'Rae Refund');
    const before = await availability(page.request, paidEvent.id);
    await useOrganizerSession(context, baseURL ?? '', organizerSession);

    await page.goto(`/organizer/payments?eventId=${paidEvent.id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    // Sandbox orders are TEST orders: listed and marked, counted apart from the money.
    await expect(page.getByText(/^\d+ test orders?, not counted\.$/)).toBeVisible();
    const row = page.getByRole('link').filter({ hasText: order.reference });
    await expect(row).toContainText('Rae Refund');
    await expect(row).toContainText('TEST');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    expect(readFileSync(await file.path(), 'utf8')).toContain(order.reference);

    await row.click();
    await expect(page).toHaveURL(new RegExp(`order=${order.id}`));
    const drawer = page.getByRole('dialog', { name: `Order ${order.reference}` });
    await expect(drawer.getByText('Rae Refund').first()).toBeVisible();
    await drawer.getByRole('button', { name: 'Refund…' }).click();
    const refund = page.getByRole('dialog', { name: `Refund order ${order.reference}` });
    await refund.getByLabel('Chosen tickets').check();
    await refund.getByRole('checkbox').first().check();
    const sent = page.waitForRequest((request) => request.url().endsWith(`/api/orders/${order.id}/refunds`));
    await refund.getByRole('button', { name: /^Refund £/ }).click();
    expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(drawer.getByText(/^Refunded £[\d.]+\. The buyer is told by email\.$/)).toBeVisible();
    await expect(drawer.getByText('Partly refunded')).toBeVisible();
    // The refunded ticket says its money went back (beside the order's "Refunded" sum); none was only voided.
    await expect(drawer.getByText('Refunded', { exact: true })).toHaveCount(2);
    await expect(drawer.getByText(/^Voided/)).toHaveCount(0);
    // The refunded ticket is back on sale.
    expect(await availability(page.request, paidEvent.id)).toBe(before + 1);

    await drawer.getByRole('button', { name: 'Close order' }).click();
    await expect(page).toHaveURL(`/organizer/payments?eventId=${paidEvent.id}`);
    await expect(row).toContainText('Partly refunded');
  });
});
