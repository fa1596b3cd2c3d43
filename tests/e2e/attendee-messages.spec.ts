import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { confirmedAccount, signIn, testPassword } from './accounts.ts';
import { demoPassword, fullAdmin } from './admin-pages.ts';
import { seriousViolations } from './axe.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { codeFromMail } from './mailbox.ts';
import { publishedEvent } from './organizer-api.ts';
import { openOnPhone } from './phone-check.ts';

// Messages to attendees (decision 066): an organiser writes to the people holding tickets from the event's messages
// page, sees whom it reaches, sends a test to themselves, then sends it and watches its delivery; a new organisation's
// message waits for an administrator, who approves it or stops it at /admin/messages.

// A verified demo organisation, open for months: its messages need no approval.
const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };
const unique = () => randomUUID().slice(0, 6).toUpperCase();
/** ADMIT_SHOTS=dir keeps the screenshots a person looks at (the composer on a phone, the review on a desktop). */
const shots = process.env.ADMIT_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/signIn', { data: { email, password } });
  expect(response.status()).toBe(200);
  return (await response.json()).data.accessToken as string;
}

/** A guest books free tickets from their own phone and proves their email with the mailed code, as anyone would. */
async function guestBooks(request: APIRequestContext, eventId: string, ticketTypeId: string, quantity: number) {
  const phone = { 'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7` };
  const email = `guest.${randomUUID()}@example.test`;
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID(), ...phone },
    // The name has no 6-digit word of its own: the mailed code is the mail's first one.
    data: { eventId, items: [{ ticketTypeId, quantity }], buyer: { name: `Guest G${unique()}`, email } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const held = (await placed.json()).data as { id: string; accessToken: string };
  const confirmed = await request.post(`/api/orders/${held.id}/confirm-email?token=${held.accessToken}`, {
    headers: phone,
    data: { code: await codeFromMail(email) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** A browser like the test's own, signed out: a second person on their own device. */
async function otherDevice(browser: Browser, page: Page, testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL: new URL(page.url()).origin,
    serviceWorkers: 'block',
  });
}

/** Two days ahead on a `datetime-local` field: in the future on the event's clock, whatever its offset. */
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);

test.describe('messages to attendees', () => {
  test('an organiser on a phone writes to the ticket holders, sees the reach, sends a test, sends it and follows its delivery @phone', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);
    const token = await tokenOf(request, organiser.email, organiser.password);
    const event = await publishedEvent(request, token, `Message Night ${unique()}`, [
      { name: 'Standing', price: 0, capacity: 100 },
      { name: 'Balcony', price: 0, capacity: 20 },
    ]);
    const standing = event.ticketTypes.find((type) => type.name === 'Standing')?.id as string;
    const balcony = event.ticketTypes.find((type) => type.name === 'Balcony')?.id as string;
    await guestBooks(request, event.id, standing, 2);
    await guestBooks(request, event.id, balcony, 1);

    // From the event's editor to its messages.
    await signIn(page, organiser.email, organiser.password, `/organizer/events/${event.id}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Messages to attendees' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages to attendees' })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByText('No messages yet: write one to the people holding tickets.')).toBeVisible();
    await page.getByRole('button', { name: 'Write a message' }).click();

    const form = page.getByRole('form', { name: 'New message' });
    const reach = form.getByRole('status').filter({ hasText: /Reaches|Counting/ });
    // Each person once, however many tickets they hold.
    await expect(reach).toHaveText('Reaches 2 people (3 tickets)');
    await form.getByRole('radio', { name: 'Holders of chosen ticket types' }).check();
    await form.getByRole('checkbox', { name: 'Balcony' }).check();
    await expect(reach).toHaveText('Reaches 1 person (1 ticket)');
    await form.getByLabel('At the door').selectOption({ label: 'Checked in at the door' });
    await expect(reach).toHaveText('Reaches 0 people (0 tickets)');
    await expect(form.getByText('Nobody holds a ticket that matches yet')).toBeVisible();
    await form.getByLabel('At the door').selectOption({ label: 'Checked in or not' });
    await form.getByRole('radio', { name: 'Everyone with a ticket' }).check();
    await expect(reach).toHaveText('Reaches 2 people (3 tickets)');

    // A test needs its text first; then it goes to the writer alone.
    await form.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(form.getByText('Give the message a subject.')).toBeVisible();
    const subject = `Doors move to 20:00 ${unique()}`;
    await form.getByLabel('Subject').fill(subject);
    await form
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Doors now open at **20:00**.\n\n- Bring your ticket\n- <b>No</b> bags\n\n[The venue](https://venue.example/map)');
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('strong')).toHaveText('20:00');
    await expect(preview).toContainText('<b>No</b> bags');
    await expect(preview).toContainText('(https://venue.example/map)');
    await expect(form.getByText(/^You can send \d+ more/)).toBeVisible();
    await expect(form.getByText('Replies go to hello@northernlights.demo.')).toBeVisible();
    await form.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(form.getByText(`A test is on its way to ${organiser.email}.`)).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the composer scrolls sideways').toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'messages-composer-phone');

    await form.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText('Sending.', { exact: true })).toBeVisible();
    const listed = page.getByRole('table', { name: 'Messages to attendees, newest first' }).getByRole('row').filter({
      hasText: subject,
    });
    await expect(listed).toContainText('Everyone with a ticket');
    await expect(listed).toContainText('2 people');
    // The page reads the message again while it is on its way. A hand-over the mail server fails is tried again 30 s
    // later (server/lib/mail/mail-sender.ts), so the budget covers one such retry.
    await expect(listed).toContainText('sent 2 · bounced 0 · failed 0 · waiting 0', { timeout: 90_000 });
    await expect(listed).toContainText('Sent');
    await expect(listed.getByRole('button', { name: `Stop “${subject}”` })).toHaveCount(0);

    await listed.getByRole('button', { name: `Recipients of “${subject}”` }).click();
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    const recipients = page.getByRole('table', { name: `Recipients of “${subject}”` });
    await expect(recipients.getByRole('row').filter({ hasText: '@example.test' })).toHaveCount(2);
    await page.getByLabel('Show').selectOption({ label: 'Bounced' });
    await expect(recipients).toContainText('Nobody with this status.');
    expect(await seriousViolations(page)).toEqual([]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide, 'the recipients scroll sideways').toBeLessThanOrEqual(0);
    await shoot(page, 'messages-recipients-phone');
    await page.getByRole('button', { name: 'All messages' }).click();
    await expect(listed).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a new organisation’s message waits for an administrator, who approves it, and stops another once asked @desktop', async ({
    page,
    browser,
    request,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(150_000);
    // A new organisation, not verified: each message waits for approval.
    const word = unique();
    const account = await confirmedAccount(request, {
      firstName: 'Nell',
      lastName: 'Newcomer',
      email: `messages.${word.toLowerCase()}@example.test`,
      dateOfBirth: Math.floor(Date.UTC(1987, 2, 9) / 1000),
      userType: 'organiser',
      organizationName: `Quiet Hours ${word}`,
    });
    const token = await tokenOf(request, account.email, testPassword);
    const event = await publishedEvent(request, token, `Reading Room ${word}`, [{ name: 'Seat', price: 0, capacity: 30 }]);

    await signIn(page, account.email, testPassword, `/organizer/events/${event.id}/messages`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Write a message' }).click();
    const form = page.getByRole('form', { name: 'New message' });
    // Why it waits, before anything is sent.
    await expect(
      form.getByText('Your organisation is not verified yet, so an administrator reads each message before it goes.'),
    ).toBeVisible();
    const subject = `Bring a cushion ${word}`;
    await form.getByLabel('Subject').fill(subject);
    await form
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('The hall opens at **18:30**.\n\n<script>alert("x")</script>\n\n[Map](https://maps.example/hall)');
    await form.getByRole('radio', { name: 'At a set time' }).check();
    await form.getByLabel('Send it at').fill(inTwoDays());
    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByText('Queued. An administrator reads it before it goes.')).toBeVisible();
    const own = page.getByRole('row').filter({ hasText: subject });
    await expect(own).toContainText('Waiting for approval');
    // Nobody holds a ticket of the new organisation's event yet: the reach is counted as it stands now.
    await expect(own).toContainText('0 people now (0 tickets)');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'messages-organiser-desktop');

    // Another, to be refused.
    const refused = `Last call ${word}`;
    // A token of its own: the suite's tokens live 20 s, and the page flow above may take longer on a busy host.
    const queued = await request.post(`/api/events/${event.id}/messages`, {
      headers: { Authorization: `Bearer ${await tokenOf(request, account.email, testPassword)}` },
      data: {
        subject: refused,
        body: 'Please ignore.',
        audience: { ticketTypeIds: [], checkIn: 'any', answer: null },
        sendAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    });
    expect(queued.status(), await queued.text()).toBe(201);

    // The administrator, on their own device.
    const adminContext = await otherDevice(browser, page, testInfo);
    const admin = await adminContext.newPage();
    await signIn(admin, fullAdmin, demoPassword, '/admin');
    await waitForHydration(admin);
    await admin.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Messages to attendees' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Messages to attendees' })).toBeVisible();
    await waitForHydration(admin);
    const row = admin.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText(`Quiet Hours ${word}`);
    await expect(row).toContainText('Not verified');
    await expect(row).toContainText(`Reading Room ${word}`);
    await expect(row).toContainText('Waiting for approval');
    // The organiser's text as text: the script is words, the link shows where it points.
    await expect(row).toContainText('<script>alert("x")</script>');
    await expect(row).toContainText('(https://maps.example/hall)');
    await expect(row.locator('script')).toHaveCount(0);
    // Waiting ones come first.
    await expect(admin.locator('tbody tr').first()).toContainText('Waiting for approval');
    expect(await seriousViolations(admin)).toEqual([]);
    await shoot(admin, 'messages-admin-desktop');

    // Filtered by status, in the address.
    await admin.getByLabel('Status').selectOption({ label: 'Waiting for approval' });
    await expect(admin).toHaveURL(/\/admin\/messages\?status=awaiting_approval$/);
    await waitForHydration(admin);
    await expect(admin.getByRole('row').filter({ hasText: subject })).toBeVisible();
    await admin.goto('/admin/messages');
    await waitForHydration(admin);

    await row.getByRole('button', { name: `Approve “${subject}”` }).click();
    await expect(admin.getByText('Approved: it goes to the attendees.')).toBeVisible();
    await expect(row).toContainText('Scheduled');
    await expect(row.getByRole('button', { name: `Approve “${subject}”` })).toHaveCount(0);

    const other = admin.getByRole('row').filter({ hasText: refused });
    await other.getByRole('button', { name: `Stop “${refused}”` }).click();
    const dialog = admin.getByRole('dialog', { name: `Stop “${refused}”?` });
    await expect(dialog).toContainText('It goes to nobody.');
    await dialog.getByRole('button', { name: 'Let it go on' }).click();
    await expect(dialog).toBeHidden();
    await expect(other).toContainText('Waiting for approval');
    await other.getByRole('button', { name: `Stop “${refused}”` }).click();
    await dialog.getByRole('button', { name: 'Stop the message' }).click();
    await expect(admin.getByText('Stopped: nobody else receives it.')).toBeVisible();
    await expect(other).toContainText('Stopped');
    await adminContext.close();

    // The organiser sees both outcomes.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('row').filter({ hasText: subject })).toContainText('Scheduled');
    await expect(page.getByRole('row').filter({ hasText: refused })).toContainText('Stopped');

    // A cancelled event's editor offers to write to everyone holding tickets.
    const cancelled = await request.post(`/api/events/${event.id}/cancel`, {
      headers: { Authorization: `Bearer ${await tokenOf(request, account.email, testPassword)}` },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.goto(`/organizer/events/${event.id}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Message everyone' }).click();
    await expect(page).toHaveURL(`/organizer/events/${event.id}/messages?compose=everyone`);
    await expect(
      page.getByRole('form', { name: 'New message' }).getByRole('radio', { name: 'Everyone with a ticket' }),
    ).toBeChecked();
    expect(consoleErrors).toEqual([]);
  });

  test('the administrator’s review fits a phone', { tag: '@phone' }, async ({ page, consoleErrors }) => {
    await signIn(page, fullAdmin, demoPassword, '/admin');
    await openOnPhone(page, '/admin/messages', 'Messages to attendees');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'messages-admin-phone');
    expect(consoleErrors).toEqual([]);
  });
});
