import { randomUUID } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, chromium, devices, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { chromiumArgs, chromiumPath } from '../fixtures/chromium.ts';
import { signIn as signInByApi } from './accounts.ts';
import { expect } from './fixtures.ts';
import { codeFromMail } from './mailbox.ts';

// What the door's browser tests share: an event with booked tickets, a phone with a fake camera, and the door's steps.

// The demo organisation's owner: a verified organisation with checkin.scan.
const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };
export const shots = process.env.ADMIT_DOOR_SHOTS;

/**
 * How long a test waits for the fake camera's verdict: ZXing decodes on the page's main thread, beside another browser
 * worker on two cores.
 */
export const cameraVerdictMs = 45_000;

const frameWidth = 640;
const frameHeight = 480;

/** The frame's luma plane: the code's modules drawn black on white, centred, 440 px with its quiet zone. */
function drawQr(qr: QRCode.QRCode | null): Buffer {
  const luma = Buffer.alloc(frameWidth * frameHeight, 255);
  if (!qr) return luma;
  const size = qr.modules.size;
  const scale = Math.floor(440 / (size + 8));
  const left = Math.floor((frameWidth - size * scale) / 2);
  const top = Math.floor((frameHeight - size * scale) / 2);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy += 1) {
        const row = (top + y * scale + dy) * frameWidth;
        luma.fill(0, row + left + x * scale, row + left + (x + 1) * scale);
      }
    }
  }
  return luma;
}

/**
 * A video of a QR code, centred on white (with `null`, just white), that Chromium's fake camera loops: one frame per QR
 * mask (the same data, a different pattern). The scanner decodes with ZXing here (no BarcodeDetector), whose detector
 * never finds some codes in one perfectly sharp frame under the mask the encoder prefers (about 1 in 20 ticket codes
 * in a check of ours); a real camera's frames vary, and so do these.
 */
export function writeQrVideo(file: string, text: string | null): void {
  const masks = [0, 1, 2, 3, 4, 5, 6, 7] as const;
  const lumas =
    text === null
      ? [drawQr(null)]
      : masks.map((maskPattern) => drawQr(QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern })));
  const chroma = Buffer.alloc((frameWidth / 2) * (frameHeight / 2), 128);
  const frames = lumas.flatMap((luma) => [Buffer.from('FRAME\n'), luma, chroma, chroma]);
  // Replaced whole, never rewritten in place: the running fake camera may be reading the old file.
  writeFileSync(
    `${file}.next`,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${frameWidth} H${frameHeight} F30:1 Ip A1:1 C420jpeg\n`), ...frames]),
  );
  renameSync(`${file}.next`, file);
}

export interface DoorEvent {
  id: string;
  title: string;
  /** `shortCode`: what a person types at the door when the QR code will not scan (`K7QMX4PDR`). */
  tickets: Array<{ id: string; code: string; shortCode: string; holderName: string }>;
  /** Paid with the sandbox's test card: TEST tickets. */
  testTickets: Array<{ id: string; code: string; shortCode: string; holderName: string }>;
  token: string;
}

export async function bearer(request: APIRequestContext): Promise<string> {
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
export async function doorEvent(request: APIRequestContext, ticketCount: number, { testTickets = 0 } = {}): Promise<DoorEvent> {
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

export async function signIn(page: Page, path: string): Promise<void> {
  await signInByApi(page, organiser.email, organiser.password, path);
}

/**
 * Signs in on a device and downloads the event's scan data; ends on the scanner. With `offlineReady`, it first
 * waits until the door says it can check tickets without a connection: the app saved and in control of the page
 * (a first visit: the worker installs and claims it, no reload needed).
 */
export async function prepareDevice(page: Page, event: DoorEvent, { offlineReady = false } = {}): Promise<void> {
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

export const verdict = (page: Page) => page.locator('[data-verdict]');

export async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('#door-manual-code').fill(code);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

interface SeenVerdict {
  verdict: string;
  text: string;
}

/**
 * Keeps, in the page, every verdict it shows, in order (from the next load on). A valid verdict is up for 2.5 s, and
 * on a loaded host the test may look only after it has gone and the same ticket, still in view, was judged again.
 */
export async function keepVerdicts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: SeenVerdict[] = [];
    (window as unknown as { __verdicts: SeenVerdict[] }).__verdicts = seen;
    new MutationObserver(() => {
      const shown = document.querySelector('[data-verdict]');
      const verdict = shown?.getAttribute('data-verdict');
      if (!shown || !verdict) return;
      const last = seen.at(-1);
      // The same verdict still up: its text may have filled in since.
      if (last?.verdict === verdict) last.text = shown.textContent ?? '';
      else seen.push({ verdict, text: shown.textContent ?? '' });
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-verdict'],
    });
  });
}

/** The verdicts the page has shown since `keepVerdicts`. */
export const verdictsSeen = (page: Page): Promise<SeenVerdict[]> =>
  page.evaluate(() => (window as unknown as { __verdicts?: SeenVerdict[] }).__verdicts ?? []);

export async function nextTicket(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Scan the next ticket' }).click();
  await expect(verdict(page)).toHaveCount(0);
}

export async function cameraBrowser(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

/**
 * A door phone. Without `camera`, the door is worked by hand or with a hardware scanner, as on a phone whose camera
 * is refused: the tests of what happens to scans (offline, queued, synced) need no camera decoding frames on the
 * page's main thread, which on a busy two-core machine slows every step of theirs.
 */
export const device = (browser: Browser, baseURL: string, { camera = true } = {}): Promise<BrowserContext> =>
  browser.newContext({ ...devices['Pixel 7'], baseURL, permissions: camera ? ['camera'] : [] });

/** The names of this origin's IndexedDB databases. */
export const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));

/** Seconds left on the access token the page holds (its tokenExpiry cookie). */
export async function tokenSecondsLeft(context: BrowserContext): Promise<number> {
  const expiry = (await context.cookies()).find((cookie) => cookie.name === 'tokenExpiry')?.value;
  return Number(expiry ?? 0) - Date.now() / 1000;
}

export async function checkedIn(request: APIRequestContext, eventId: string): Promise<number> {
  const stats = await request.get(`/api/events/${eventId}/checkins/stats`, {
    headers: { authorization: `Bearer ${await bearer(request)}` },
  });
  return (await stats.json()).data.checkedIn as number;
}
