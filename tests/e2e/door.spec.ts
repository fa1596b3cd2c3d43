import { randomUUID } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, chromium, devices, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { chromiumArgs } from '../fixtures/chromium.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { codeFromMail } from './mailbox.ts';

// The demo organisation's owner: a verified organisation with checkin.scan.
const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };
const shots = process.env.ADMIT_DOOR_SHOTS;

/** A one-frame I420 video of a QR code, centred on white: Chromium's fake camera loops it. */
function writeQrVideo(file: string, text: string): void {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor(440 / (size + 8));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy += 1)
        luma.fill(0, (top + y * scale + dy) * width + left + x * scale, (top + y * scale + dy) * width + left + (x + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  // Replaced whole, never rewritten in place: the running fake camera may be reading the old file.
  writeFileSync(
    `${file}.next`,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma, chroma]),
  );
  renameSync(`${file}.next`, file);
}

interface DoorEvent {
  id: string;
  title: string;
  tickets: Array<{ id: string; code: string; holderName: string }>;
  /** Paid with the sandbox's test card: TEST tickets. */
  testTickets: Array<{ id: string; code: string; holderName: string }>;
  token: string;
}

async function bearer(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/signIn', { data: organiser });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.accessToken as string;
}

/** An order paid with the sandbox's success card: its tickets are TEST tickets. */
async function sandboxTickets(request: APIRequestContext, eventId: string, ticketTypeId: string, quantity: number) {
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      eventId,
      items: [{ ticketTypeId, quantity }],
      buyer: { name: `Tess Tester ${randomUUID().slice(0, 4)}`, email: `test.${randomUUID()}@example.test` },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { id: string; paymentUrl: string; accessToken: string };
  const paid = await request.post(`/api/payments/sandbox/${order.paymentUrl.split('/').pop()}`, {
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Tess Tester' },
  });
  expect((await paid.json()).data.outcome).toBe('succeeded');
  let read: { status: string; test: boolean; tickets: DoorEvent['tickets'] } | null = null;
  await expect
    .poll(async () => {
      read = (await (await request.get(`/api/orders/${order.id}?token=${order.accessToken}`)).json()).data;
      return read?.status;
    })
    .toBe('paid');
  const confirmed = read as unknown as { test: boolean; tickets: DoorEvent['tickets'] };
  expect(confirmed.test).toBe(true);
  return confirmed.tickets;
}

/**
 * An event on sale now, booked by buyers through the public API as anyone would: free tickets, and with
 * `testTickets` paid tickets bought in the sandbox (TEST tickets).
 */
async function doorEvent(request: APIRequestContext, ticketCount: number, { testTickets = 0 } = {}): Promise<DoorEvent> {
  const token = await bearer(request);
  const headers = { authorization: `Bearer ${token}` };
  const organizationId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).org as string;
  const title = `Door night ${randomUUID().slice(0, 8)}`;
  const startsAt = new Date(Date.now() + 60 * 60_000);
  const created = await request.post('/api/events', {
    headers,
    data: {
      organizationId,
      title,
      summary: 'A night to test the door.',
      description: 'Doors at seven.',
      category: 'music',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 4 * 3_600_000).toISOString(),
      timezone: 'Europe/London',
      isOnline: false,
      venue: { name: 'The Boathouse', address: '1 Quay Street', city: 'Bristol', country: 'United Kingdom' },
      ticketTypes: [
        { name: 'Standing', price: 0, currency: 'GBP', capacity: 500, maxPerOrder: 10 },
        ...(testTickets > 0 ? [{ name: 'Balcony', price: 1500, currency: 'GBP', capacity: 50, maxPerOrder: 10 }] : []),
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).data.id as string;
  expect((await request.post(`/api/events/${eventId}/publish`, { headers })).ok()).toBe(true);
  const event = (await (await request.get(`/api/events/${eventId}`)).json()).data as {
    ticketTypes: Array<{ id: string; price: number }>;
  };
  const ticketTypeId = event.ticketTypes.find((type) => type.price === 0)?.id as string;
  const tickets: DoorEvent['tickets'] = [];
  for (let left = ticketCount, n = 1; left > 0; n += 1) {
    const quantity = Math.min(10, left);
    left -= quantity;
    // Each buyer on their own phone, and a guest's free tickets come with the code mailed to them.
    const phone = { 'x-forwarded-for': `10.${n}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` };
    const email = `door.${randomUUID()}@example.test`;
    const order = await request.post('/api/orders', {
      headers: { 'idempotency-key': randomUUID(), ...phone },
      data: { eventId, items: [{ ticketTypeId, quantity }], buyer: { name: `Guest ${n} ${randomUUID().slice(0, 4)}`, email } },
    });
    expect(order.status(), await order.text()).toBe(201);
    const held = (await order.json()).data as { id: string; accessToken: string };
    const confirmed = await request.post(`/api/orders/${held.id}/confirm-email?token=${held.accessToken}`, {
      headers: phone,
      data: { code: await codeFromMail(email) },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const data = (await confirmed.json()).data as { status: string; tickets: DoorEvent['tickets'] };
    expect(data.status).toBe('paid');
    tickets.push(...data.tickets);
  }
  const paidTypeId = event.ticketTypes.find((type) => type.price > 0)?.id;
  const test = paidTypeId && testTickets > 0 ? await sandboxTickets(request, eventId, paidTypeId, testTickets) : [];
  return { id: eventId, title, tickets: [...tickets, ...test], testTickets: test, token };
}

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await page.locator('#field-email').fill(organiser.email);
  await page.locator('#field-password').fill(organiser.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(path);
}

/**
 * Signs in on a device and downloads the event's scan data; ends on the scanner. With `offlineReady`, it first
 * waits until the door says it can check tickets without a connection: the app saved and in control of the page
 * (a first visit: the worker installs and claims it, no reload needed).
 */
async function prepareDevice(page: Page, event: DoorEvent, { offlineReady = false } = {}): Promise<void> {
  await signIn(page, `/organizer/scan-ticket?event=${event.id}`);
  await expect(page.getByRole('link', { name: 'Start scanning' })).toBeVisible({ timeout: 20_000 });
  const onDevice = `${event.tickets.length} ticket${event.tickets.length === 1 ? '' : 's'} on this device`;
  await expect(page.getByText(onDevice)).toBeVisible();
  if (offlineReady) {
    await expect(page.getByText(`${onDevice} — it can check tickets without a connection.`)).toBeVisible({
      timeout: 60_000,
    });
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  }
  if (shots) await page.screenshot({ path: join(shots, 'scan-ticket.png'), fullPage: true });
  await page.getByRole('link', { name: 'Start scanning' }).click();
  await expect(page).toHaveURL(`/organizer/validate-ticket/scan?event=${event.id}`);
  await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
}

const verdict = (page: Page) => page.locator('[data-verdict]');

async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('#door-manual-code').fill(code);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

async function nextTicket(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Scan the next ticket' }).click();
  await expect(verdict(page)).toHaveCount(0);
}

async function cameraBrowser(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

const device = (browser: Browser, baseURL: string): Promise<BrowserContext> =>
  browser.newContext({ ...devices['Pixel 7'], baseURL, permissions: ['camera'] });

/** The names of this origin's IndexedDB databases. */
const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));

/** Seconds left on the access token the page holds (its tokenExpiry cookie). */
async function tokenSecondsLeft(context: BrowserContext): Promise<number> {
  const expiry = (await context.cookies()).find((cookie) => cookie.name === 'tokenExpiry')?.value;
  return Number(expiry ?? 0) - Date.now() / 1000;
}

async function checkedIn(request: APIRequestContext, eventId: string): Promise<number> {
  const stats = await request.get(`/api/events/${eventId}/checkins/stats`, {
    headers: { authorization: `Bearer ${await bearer(request)}` },
  });
  return (await stats.json()).data.checkedIn as number;
}

test.describe('the door', () => {
  test.skip(
    () => test.info().project.name !== 'pixel-7',
    'the door runs on a phone (Pixel 7); each test launches its own camera',
  );
  test.setTimeout(120_000);

  test('the camera reads a real ticket: valid, then already used on this device; a forged code is invalid', async ({
    request,
    baseURL,
  }, testInfo) => {
    const event = await doorEvent(request, 2);
    const [first, second] = event.tickets as [DoorEvent['tickets'][number], DoorEvent['tickets'][number]];
    const video = testInfo.outputPath('ticket.y4m');
    writeQrVideo(video, first.code);
    const browser = await cameraBrowser(video);
    try {
      const page = await (await device(browser, baseURL as string)).newPage();
      await prepareDevice(page, event);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid', { timeout: 20_000 });
      await expect(verdict(page)).toContainText(first.holderName);
      await expect(verdict(page)).toContainText('Standing');
      if (shots) await page.screenshot({ path: join(shots, 'verdict-valid.png') });
      await nextTicket(page);
      // Still in front of the camera: not judged again while it stays in view.
      await page.waitForTimeout(3500);
      await expect(verdict(page)).toHaveCount(0);
      await typeCode(page, first.code);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'already_used');
      await expect(verdict(page)).toContainText('on this device');
      if (shots) await page.screenshot({ path: join(shots, 'verdict-already-used.png') });
      await nextTicket(page);

      // The second ticket with one character changed: forged, shown by the camera.
      const at = 60;
      const forged = second.code.slice(0, at) + (second.code[at] === 'B' ? 'C' : 'B') + second.code.slice(at + 1);
      writeQrVideo(video, forged);
      await page.reload();
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid', { timeout: 20_000 });
      await expect(verdict(page)).toContainText('Unknown, altered or forged ticket.');
      if (shots) await page.screenshot({ path: join(shots, 'verdict-invalid.png') });
      if (shots) {
        await nextTicket(page);
        await page.screenshot({ path: join(shots, 'scanner.png'), fullPage: true });
      }
    } finally {
      await browser.close();
    }
  });

  test('offline the door scans 20 tickets, still scans after an offline reload, and the server holds 20 check-ins once back online', async ({
    request,
    baseURL,
  }, testInfo) => {
    const event = await doorEvent(request, 21);
    const video = testInfo.outputPath('blank.y4m');
    writeQrVideo(video, 'not a ticket');
    const browser = await cameraBrowser(video);
    try {
      const context = await device(browser, baseURL as string);
      const page = await context.newPage();
      await prepareDevice(page, event, { offlineReady: true });
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
      await context.setOffline(true);
      await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
      for (const ticket of event.tickets.slice(0, 20)) {
        await typeCode(page, ticket.code);
        await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
        await expect(verdict(page)).toContainText('Decided on this device');
        await nextTicket(page);
      }
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '20');

      await page.reload();
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '20');
      await typeCode(page, event.tickets[0]?.code as string);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'already_used');
      await nextTicket(page);
      await typeCode(page, event.tickets[20]?.code as string);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
      if (shots) await page.screenshot({ path: join(shots, 'verdict-offline-valid.png') });
      await nextTicket(page);

      await context.setOffline(false);
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '0', { timeout: 15_000 });
      const stats = await request.get(`/api/events/${event.id}/checkins/stats`, {
        headers: { authorization: `Bearer ${await bearer(request)}` },
      });
      expect((await stats.json()).data).toMatchObject({ checkedIn: 21 });
    } finally {
      await browser.close();
    }
  });

  test('two devices offline admit the same ticket; after sync the server keeps one admission and flags the other as a duplicate', async ({
    request,
    baseURL,
  }, testInfo) => {
    const event = await doorEvent(request, 1);
    const code = event.tickets[0]?.code as string;
    const video = testInfo.outputPath('blank.y4m');
    writeQrVideo(video, 'not a ticket');
    const browser = await cameraBrowser(video);
    try {
      const [contextA, contextB] = await Promise.all([device(browser, baseURL as string), device(browser, baseURL as string)]);
      const [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
      await prepareDevice(pageA, event);
      await prepareDevice(pageB, event);
      await Promise.all([contextA.setOffline(true), contextB.setOffline(true)]);
      for (const page of [pageA, pageB]) {
        await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
        await typeCode(page, code);
        await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
        await nextTicket(page);
      }
      await contextA.setOffline(false);
      await expect(pageA.locator('[data-pending]')).toHaveAttribute('data-pending', '0', { timeout: 15_000 });
      await contextB.setOffline(false);
      await expect(pageB.locator('[data-pending]')).toHaveAttribute('data-pending', '0', { timeout: 15_000 });
      await expect(pageB.getByTestId('door-duplicates')).toContainText('1 scan from this device flagged as duplicate');
      await expect(pageB.getByTestId('recent-scans')).toContainText('Duplicate');
      await expect(pageA.getByTestId('door-duplicates')).toHaveCount(0);
      if (shots) await pageB.screenshot({ path: join(shots, 'duplicate.png'), fullPage: true });
      const stats = await request.get(`/api/events/${event.id}/checkins/stats`, {
        headers: { authorization: `Bearer ${await bearer(request)}` },
      });
      expect((await stats.json()).data).toMatchObject({ checkedIn: 1 });

      // Search on the device finds the ticket by its holder and shows it checked in.
      await pageA.getByRole('link', { name: 'Search by name, email or order' }).click();
      await pageA.locator('#door-search').fill(event.tickets[0]?.holderName.split(' ')[0] ?? '');
      await expect(pageA.getByTestId('search-results')).toContainText('Checked in');
      if (shots) await pageA.screenshot({ path: join(shots, 'search.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });

  test('with the page closed, the service worker uploads the queued scans when the connection returns (Background Sync)', async ({
    page,
    context,
    request,
  }) => {
    const event = await doorEvent(request, 2);
    await prepareDevice(page, event, { offlineReady: true });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // The worker uploads with the token the page shared; the test server's tokens live 20 s, so scan with a fresh
    // one (the door's own polling renews it).
    await expect.poll(() => tokenSecondsLeft(context), { timeout: 45_000, intervals: [500] }).toBeGreaterThan(15);

    await context.setOffline(true);
    await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
    for (const ticket of event.tickets) {
      await typeCode(page, ticket.code);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
      await nextTicket(page);
    }
    await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '2');
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync?: { getTags(): Promise<string[]> };
      };
      return (await registration.sync?.getTags()) ?? null;
    });
    expect(tags, 'Chromium has Background Sync').not.toBeNull();
    expect(tags).toContain('admit-door-upload');
    // No door page open any more, and the connection returns: the browser wakes the service worker (the sync
    // event), which uploads the queue on its own.
    await page.close();
    expect(await checkedIn(request, event.id)).toBe(0);
    await context.setOffline(false);
    await expect.poll(() => checkedIn(request, event.id), { timeout: 15_000 }).toBe(2);
  });

  test('signing out with scans waiting warns before discarding them; declined, they stay; accepted, the door data goes', async ({
    page,
    context,
    request,
  }) => {
    const event = await doorEvent(request, 1);
    await prepareDevice(page, event);
    await context.setOffline(true);
    await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
    await typeCode(page, event.tickets[0]?.code as string);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
    await nextTicket(page);
    await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '1');
    // Back online, but the server refuses uploads for now: the scan cannot leave the device.
    await context.route('**/api/events/*/checkins/batch', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ httpStatus: 'SERVICE_UNAVAILABLE', message: 'Try again soon.' }),
      }),
    );
    await context.setOffline(false);
    await page.goto('/account');
    await waitForHydration(page);

    const warnings: string[] = [];
    page.once('dialog', (dialog) => {
      warnings.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => warnings)
      .toEqual(['1 door scan has not been uploaded yet. Signing out deletes it from this device. Sign out anyway?']);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeEnabled();
    await expect(page).toHaveURL('/account');
    expect(await databases(page)).toContain('admit-door');

    page.once('dialog', (dialog) => {
      warnings.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(warnings).toHaveLength(2);
    expect(await databases(page)).not.toContain('admit-door');
    expect(await page.evaluate(() => localStorage.getItem('admit-door-event'))).toBeNull();
    expect(await checkedIn(request, event.id)).toBe(0);
  });

  test('a TEST ticket is refused with a verdict of its own, and admitted with a TEST badge once the event is in test mode', async ({
    page,
    request,
  }) => {
    const event = await doorEvent(request, 1, { testTickets: 1 });
    const [test] = event.testTickets as [DoorEvent['tickets'][number]];
    await prepareDevice(page, event);
    await typeCode(page, test.code);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'test_ticket');
    await expect(verdict(page)).toContainText('TEST ticket');
    await expect(verdict(page)).toContainText('Not valid for entry');
    await expect(verdict(page)).toContainText('Do not admit');
    await expect(verdict(page)).toContainText(test.holderName);
    if (shots) await page.screenshot({ path: join(shots, 'testmode-door-refused.png') });
    await nextTicket(page);

    const changed = await request.patch(`/api/events/${event.id}`, {
      headers: { authorization: `Bearer ${await bearer(request)}` },
      data: { testMode: true },
    });
    expect(changed.ok()).toBe(true);
    // The door learns of it within seconds (the server's answer, then the next sync); a refusal admits nobody.
    await expect(async () => {
      if ((await verdict(page).count()) > 0) await nextTicket(page);
      await typeCode(page, test.code);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid', { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(verdict(page)).toContainText('TEST ticket · test mode');
    if (shots) await page.screenshot({ path: join(shots, 'testmode-door-admitted.png') });
    await nextTicket(page);
    expect(await checkedIn(request, event.id)).toBe(1);
  });

  test('signing out with nothing waiting asks nothing and clears the event data from the device', async ({ page, request }) => {
    const event = await doorEvent(request, 1);
    await prepareDevice(page, event);
    await typeCode(page, event.tickets[0]?.code as string);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
    await expect(verdict(page)).toContainText('Checked with the server');
    await nextTicket(page);
    await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '0');
    expect(await databases(page)).toContain('admit-door');

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/account');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(dialogs).toEqual([]);
    expect(await databases(page)).not.toContain('admit-door');
    expect(await page.evaluate(() => localStorage.getItem('admit-door-event'))).toBeNull();
    expect(await checkedIn(request, event.id)).toBe(1);
  });
});
