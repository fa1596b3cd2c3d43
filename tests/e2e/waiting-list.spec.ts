import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page, TestInfo } from '@playwright/test';
import type { Order } from '../../src/contract/orders.ts';
import { seriousViolations } from './axe.ts';
import { payInSandbox, ticketPanel } from './checkout.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

// An event's waiting list (decision 063), on a phone and a desktop: a sold-out type, a guest joins from the event page
// and confirms from the mail, a second person joins and leaves from their mail's link, places come back, the organiser
// offers them by hand on the event's waiting list page, and the offer's link books the tickets.

// A verified demo organisation (paid tickets need one).
const organiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
const unique = () => randomUUID().slice(0, 6).toLowerCase();

interface OrganiserSession {
  accessToken: string;
  refreshToken: string;
  authId: string;
  user: { email: string; platforms: string[] };
}

async function organiserSession(request: APIRequestContext): Promise<OrganiserSession> {
  const response = await request.post('/api/auth/signIn', { data: organiser });
  expect(response.status()).toBe(200);
  return (await response.json()).data as OrganiserSession;
}

/** The cookies a sign-in through the page would leave, so the organiser's page needs no sign-in of its own. */
async function signedInAs(context: BrowserContext, baseURL: string, session: OrganiserSession): Promise<void> {
  const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp: number;
  };
  const cookie = (name: string, value: string, httpOnly = false) => ({
    name,
    value,
    url: baseURL,
    httpOnly,
    sameSite: 'Strict' as const,
  });
  await context.addCookies([
    cookie('accessToken', session.accessToken),
    cookie('tokenExpiry', String(payload.exp)),
    cookie('u', session.authId),
    cookie('email', session.user.email),
    cookie('platforms', session.user.platforms.join(',')),
    cookie('refreshToken', session.refreshToken, true),
  ]);
}

/** Every ticket of a type bought and paid by a guest through the API, with the sandbox's test card. */
async function paidOrder(request: APIRequestContext, eventId: string, ticketTypeId: string, quantity: number): Promise<Order> {
  const placed = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      eventId,
      items: [{ ticketTypeId, quantity }],
      buyer: { name: 'Early Bird', email: `early.${unique()}@example.test` },
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as Order;
  const paid = await request.post(`/api/payments/sandbox/${order.paymentUrl?.split('/').pop() ?? ''}`, {
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Early Bird' },
  });
  expect((await paid.json()).data.outcome).toBe('succeeded');
  await expect
    .poll(
      async () => ((await (await request.get(`/api/orders/${order.id}?token=${order.accessToken}`)).json()).data as Order).status,
    )
    .toBe('paid');
  return order;
}

/** Decodes quoted-printable, which nodemailer uses for longer text parts. */
const unquote = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The link of the waiting list's mail to `email` whose subject starts `subject`, with `&confirm=1`, `&leave=1` or neither. */
async function listLink(email: string, subject: string, kind: 'confirm' | 'leave' | 'view'): Promise<string> {
  const find = () => {
    const mails = readFileSync(process.env.ADMIT_E2E_MAIL_FILE as string, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; raw: string })
      .filter((mail) => mail.to.toLowerCase() === email.toLowerCase())
      .map((mail) => unquote(mail.raw))
      .filter((raw) => raw.includes(`Subject: ${subject}`));
    const links = [
      ...(mails.at(-1) ?? '').matchAll(/https?:\/\/[^\s"<]+\/waiting-list\?token=[^\s"<&]+(?:&(?:amp;)?(?:confirm|leave)=1)?/g),
    ];
    const link = links
      .map((match) => match[0].replace(/&amp;/g, '&'))
      .find((found) =>
        kind === 'view' ? !found.includes('confirm=1') && !found.includes('leave=1') : found.endsWith(`${kind}=1`),
      );
    return link ?? null;
  };
  await expect.poll(find, { timeout: 20_000, message: `the "${subject}" mail to ${email}` }).not.toBeNull();
  return find() as string;
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-${name}.png`), fullPage: true });

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('a guest joins a sold-out type’s waiting list, is offered places by hand and books them; another leaves', async ({
  page,
  browser,
  request,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(150_000);
  const session = await organiserSession(request);
  const auth = { Authorization: `Bearer ${session.accessToken}` };
  const event = await publishedEvent(request, session.accessToken, `Waiting Room ${unique().toUpperCase()}`, [
    { name: 'Standard', price: 1500, capacity: 2 },
  ]);
  const standard = event.ticketTypes[0]?.id as string;
  const settings = await request.put(`/api/events/${event.id}/waiting-list`, {
    headers: auth,
    data: { enabled: true, automatic: false, offerHours: 24 },
  });
  expect(settings.status()).toBe(200);
  const sold = await paidOrder(request, event.id, standard, 2);

  // The guest, on the event page: Standard is sold out, with the way to join its list where the picker was.
  const ana = { name: 'Ana Guest', email: `ana.${unique()}.${testInfo.project.name}@example.test` };
  await page.goto(`/event/${event.id}`);
  await waitForHydration(page);
  const panel = ticketPanel(page);
  await expect(panel.getByText('Sold out')).toBeVisible();
  await panel.getByRole('button', { name: 'Join the waiting list for Standard' }).click();
  const form = panel.getByRole('form', { name: 'Join the waiting list for Standard' });
  await expect(form.getByLabel('Full name')).toBeFocused();
  await form.getByLabel('Full name').fill(ana.name);
  await form.getByLabel('Email').fill(ana.email);
  await form.getByLabel('Tickets').selectOption('2');
  await noSidewaysScroll(page, 'the event page with the join form');
  expect(await seriousViolations(page), 'the join form').toEqual([]);
  await panel.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-join-form.png`) });
  const top = await form.boundingBox();
  await form.getByRole('button', { name: 'Join the waiting list' }).click();
  const answer = panel.getByRole('status').filter({ hasText: 'Check your email' });
  await expect(answer).toHaveText(`Check your email: open the link we sent to ${ana.email} to confirm your place.`);
  // The answer takes the form's place: the page stays where the buyer was.
  const answerBox = await answer.boundingBox();
  expect(Math.abs((answerBox?.y ?? 0) - (top?.y ?? 0))).toBeLessThan(40);
  await panel.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-join-answer.png`) });

  // The mail's link proves the email and gives the place in the queue.
  await page.goto(await listLink(ana.email, 'Confirm your place', 'confirm'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re number 1 in the queue');
  await expect(page.getByText('You asked for 2 tickets (Standard, £15.00 each).')).toBeVisible();
  await noSidewaysScroll(page, 'the place in the queue');

  // A second person joins and confirms through the API, then leaves from their mail's link.
  const ben = { name: 'Ben Second', email: `ben.${unique()}@example.test` };
  const joined = await request.post('/api/waiting-list', {
    data: { eventId: event.id, ticketTypeId: standard, quantity: 1, buyer: ben },
  });
  expect(joined.status()).toBe(201);
  const benLink = new URL(await listLink(ben.email, 'Confirm your place', 'confirm'));
  const benToken = benLink.searchParams.get('token') as string;
  expect((await request.post('/api/waiting-list/confirm', { data: { token: benToken } })).status()).toBe(200);
  // The leave link of the list's mails: the same address with `&leave=1` (server/features/waiting-list/waiting-list-mail.ts).
  await page.goto(`/waiting-list?${new URLSearchParams({ token: benToken })}&leave=1`);
  const leave = page.getByRole('dialog', { name: 'Leave the waiting list?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave the list' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You left the waiting list');
  await noSidewaysScroll(page, 'the page of a person who left');

  // The paid order is refunded: two places come back, and wait for the organiser (offers are by hand).
  // Signed in again: access tokens here live 20 s (playwright.config.ts), and the first has served the set-up.
  const later = await organiserSession(request);
  const refunded = await request.post(`/api/orders/${sold.id}/refunds`, {
    headers: { Authorization: `Bearer ${later.accessToken}`, 'Idempotency-Key': randomUUID() },
    data: { reason: 'Could not come' },
  });
  expect(refunded.status()).toBe(200);

  // The organiser sees Ana first in the queue and the places free, and offers them.
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const baseURL = new URL(page.url()).origin;
  const desk = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    serviceWorkers: 'block',
  });
  await signedInAs(desk, baseURL, later);
  const organiserPage = await desk.newPage();
  await organiserPage.goto(`/organizer/events/${event.id}/waiting-list`);
  await waitForHydration(organiserPage);
  await expect(organiserPage.getByRole('heading', { level: 1, name: 'Waiting list' })).toBeVisible();
  const people = organiserPage.getByRole('table', { name: 'People on the waiting list' });
  const anaRow = people.getByRole('row').filter({ hasText: ana.email });
  await expect(anaRow).toContainText('Waiting');
  await expect(people.getByRole('row').filter({ hasText: ben.email })).toContainText('Left');
  await expect(organiserPage.getByRole('table', { name: 'Ticket types' })).toContainText('2 places');
  await noSidewaysScroll(organiserPage, 'the organiser’s waiting list');
  expect(await seriousViolations(organiserPage), 'the organiser’s waiting list').toEqual([]);
  await shot(organiserPage, testInfo, 'organiser-waiting-list');
  await anaRow.getByRole('button', { name: `Offer now to ${ana.name}` }).click();
  const offer = organiserPage.getByRole('dialog', { name: `Offer places to ${ana.name}` });
  await expect(offer.getByLabel('Places to offer')).toHaveValue('2');
  await offer.getByRole('button', { name: 'Offer 2 places' }).click();
  await expect(anaRow).toContainText('Offered 2');
  await desk.close();

  // The offer's link: the places held until a time, booked and paid as from the event page.
  await page.goto(await listLink(ana.email, 'Tickets are held for you', 'view'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets are held for you');
  await expect(page.getByText(/^2 × Standard are held for you until \w{3} \d{1,2} \w{3}, \d\d:\d\d\.$/)).toBeVisible();
  const booking = page.getByRole('form', { name: 'Book the tickets held for you' });
  await expect(booking.getByLabel('Full name')).toHaveValue(ana.name);
  await expect(booking).toContainText(ana.email);
  await waitForHydration(page);
  await noSidewaysScroll(page, 'the offer page');
  expect(await seriousViolations(page), 'the offer page').toEqual([]);
  await shot(page, testInfo, 'offer');
  await booking.getByRole('button', { name: 'Book these tickets' }).click();
  await payInSandbox(page, '4242 4242 4242 4242', ana.name);
  await expect(page).toHaveURL(/\/payment\/order-success\?orderId=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You’re going to ${event.title}`);
  expect(consoleErrors).toEqual([]);
});
