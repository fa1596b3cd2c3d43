import { readFileSync } from 'node:fs';
import { formatShortTicketCode } from '../../src/contract/short-ticket-code.ts';
import { signIn } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { demoOrganiser, guestOrder, organiserToken, scanOnline, unique } from './guest-orders.ts';
import { mailText } from './mailbox.ts';
import { publishedEvent } from './organizer-api.ts';

// Passing a ticket on (decision 069): the buyer gives a ticket to a friend from their booking; the friend gets a new
// code by mail, the old one stops working at the door; the organiser sees who holds it and can lock changes.

test('a guest passes one of two tickets on from their mail; the friend’s new code gets in and the old one does not @phone', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await organiserToken(request);
  // In test mode, so the door admits the sandbox's TEST tickets; changes allowed until 24 hours before the start.
  const event = await publishedEvent(
    request,
    token,
    `Pass it on ${unique()}`,
    [{ name: 'Standard', price: 1500, capacity: 50 }],
    {
      testMode: true,
      transferCutoffHours: 24,
    },
  );
  const { link, order, token: key } = await guestOrder(request, event.id, event.ticketTypes[0]?.id as string, 2);
  const [given, kept] = order.tickets;
  const friend = `ada.${unique()}@example.test`;

  await page.goto(link);
  await waitForHydration(page);
  const panel = page.getByRole('region', { name: 'Passing a ticket on?' });
  await expect(panel).toContainText('Give a ticket to someone else, or correct a name, until');
  await panel.getByRole('button', { name: 'Pass on ticket 1' }).click();
  const form = panel.getByRole('form', { name: 'Pass on ticket 1' });
  await form.getByLabel('New holder’s name').fill('Ada Byron');
  await form.getByLabel('Their email').fill('not an address');
  await form.getByRole('button', { name: 'Pass the ticket on' }).click();
  await expect(form.getByText('Enter a valid email address.')).toBeVisible();
  await form.getByLabel('Their email').fill(friend);
  // The message was about what was sent: it goes as the address is corrected.
  await expect(form.getByText('Enter a valid email address.')).toHaveCount(0);
  await expect(form).toContainText('No money moves');
  await form.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/transfer-form-phone.png' });
  await form.getByRole('button', { name: 'Pass the ticket on' }).click();
  await expect(page.getByText('Passed on. Ada Byron has the ticket by email.')).toBeVisible();
  await expect(panel).toContainText('Passed on from Rosa Guest to Ada Byron');
  await expect(page.getByRole('article', { name: /Ticket 1 of 2: Standard, Ada Byron/ })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/transfer-done-phone.png' });

  // The tickets as a PDF, a page each, now in the friend's name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`admit-tickets-${order.reference}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The friend's mail carries the ticket's new short code, which the booking shows too.
  const now = (await (await request.get(`/api/orders/${order.id}?token=${key}`)).json()).data;
  const moved = now.tickets[0];
  expect(moved.shortCode).not.toBe(given?.shortCode);
  expect(await mailText(friend)).toContain(formatShortTicketCode(moved.shortCode));

  // The door, online: the old code is refused, the friend's admitted, the other ticket untouched.
  expect(await scanOnline(request, event.id, given?.code ?? null)).toBe('voided');
  expect(await scanOnline(request, event.id, moved.code)).toBe('valid');
  expect(await scanOnline(request, event.id, kept?.code ?? null)).toBe('valid');
  expect(consoleErrors).toEqual([]);
});

test('the organiser sees who holds a ticket passed on, and locks changes in the editor @desktop', async ({ page, request }) => {
  const token = await organiserToken(request);
  const event = await publishedEvent(request, token, `Locked night ${unique()}`, [
    { name: 'Standard', price: 1500, capacity: 50 },
  ]);
  const { order, token: key } = await guestOrder(request, event.id, event.ticketTypes[0]?.id as string, 1);
  const ticket = order.tickets[0];
  const passed = await request.post(`/api/orders/${order.id}/tickets/${ticket?.id}/transfer?token=${key}`, {
    data: { holderName: 'Ada Byron', holderEmail: `ada.${unique()}@example.test`, version: 0 },
  });
  expect(passed.status()).toBe(200);

  await signIn(page, demoOrganiser.email, demoOrganiser.password, `/organizer/payments?eventId=${event.id}`);
  await waitForHydration(page);
  await page.getByRole('link').filter({ hasText: order.reference }).click();
  const drawer = page.getByRole('dialog', { name: `Order ${order.reference}` });
  await expect(drawer).toContainText('Ada Byron');
  await expect(drawer).toContainText('Passed on from Rosa Guest to Ada Byron');
  await page.screenshot({ path: '/tmp/transfer-history-desktop.png' });

  await page.goto(`/organizer/events/${event.id}`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Ticket transfers' });
  await expect(section.getByLabel('Until how many hours before the start')).toHaveValue('0');
  await section.getByRole('checkbox', { name: 'Buyers may pass tickets on and correct names' }).uncheck();
  await expect(section).toContainText('Tickets are locked');
  await section.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/transfer-editor-desktop.png' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  await page.goto(`/event/${event.id}`);
  await expect(page.getByTestId('transfer-policy')).toHaveText(/^Tickets cannot be passed on to someone else/);
  const read = await request.get(`/api/orders/${order.id}?token=${key}`);
  expect((await read.json()).data.ticketChanges).toMatchObject({ ticketIds: [], history: [{ toName: 'Ada Byron' }] });
});
