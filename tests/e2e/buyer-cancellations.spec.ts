import { signIn } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { demoOrganiser, guestOrder, organiserToken, scanOnline, unique } from './guest-orders.ts';
import { mailText } from './mailbox.ts';
import { publishedEvent } from './organizer-api.ts';

// A buyer who cannot go (decision 068): they cancel within the refund policy from the link in their confirmation mail,
// seeing what comes back before they confirm, or ask the organiser, who answers on the payments page.
test('a guest cancels one of two tickets from their mail, sees what comes back first, and the door refuses it @phone', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await organiserToken(request);
  const policy = { kind: 'until_before_start', notice: 2, unit: 'days', fee: { kind: 'percent', percent: 10 } };
  // In test mode, so the door admits the sandbox's TEST tickets.
  const event = await publishedEvent(
    request,
    token,
    `Cancel night ${unique()}`,
    [{ name: 'Standard', price: 1500, capacity: 50 }],
    {
      refundPolicy: policy,
      testMode: true,
    },
  );
  const typeId = event.ticketTypes[0]?.id as string;
  const { link, order } = await guestOrder(request, event.id, typeId, 2);
  const [gone, kept] = order.tickets;

  await page.goto(link);
  await waitForHydration(page);
  const panel = page.getByRole('region', { name: 'Can’t go?' });
  await expect(panel).toContainText('You can cancel these tickets yourself until');
  await panel.getByRole('button', { name: 'Cancel tickets' }).click();
  const form = panel.getByRole('form', { name: 'Cancel tickets' });
  await form.getByRole('checkbox').first().check();
  // £15.00 + 87p booking fee, less 10% of £15.00.
  await expect(form).toContainText('You get £14.37 back to the card you paid with; the organiser keeps a £1.50 cancellation fee');
  await form.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/cancel-tickets-phone.png' });
  await form.getByRole('button', { name: 'Cancel 1 ticket' }).click();
  await expect(page.getByText('Cancelled 1 ticket. We have emailed you the details.')).toBeVisible();
  await expect(panel).toContainText('You can cancel this ticket yourself until');
  await expect(page.getByText('Refunded', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/cancel-tickets-done-phone.png', fullPage: true });

  // The door, online: the cancelled code is refused, the other admitted.
  expect(await scanOnline(request, event.id, gone?.code ?? null)).toBe('voided');
  expect(await scanOnline(request, event.id, kept?.code ?? null)).toBe('valid');
  expect(consoleErrors).toEqual([]);
});

test('outside the policy a guest asks for a refund, and the organiser declines it on the payments page with a note @desktop', async ({
  page,
  request,
  browser,
}) => {
  const token = await organiserToken(request);
  const event = await publishedEvent(
    request,
    token,
    `No refunds night ${unique()}`,
    [{ name: 'Standard', price: 1500, capacity: 50 }],
    {
      refundPolicy: { kind: 'none' },
    },
  );
  const { link, order, email } = await guestOrder(request, event.id, event.ticketTypes[0]?.id as string, 1);

  await page.goto(link);
  await waitForHydration(page);
  const panel = page.getByRole('region', { name: 'Can’t go?' });
  await expect(panel).toContainText('This event’s policy is no refunds. You can still ask the organiser.');
  await panel.getByRole('button', { name: 'Ask for a refund' }).click();
  const form = panel.getByRole('form', { name: 'Ask for a refund' });
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form.getByText('Tell the organiser why.')).toBeVisible();
  await form.getByLabel('Why are you asking?').fill('My flight was cancelled and I cannot get there.');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText('Your request is sent. The organiser answers by email.')).toBeVisible();
  await expect(panel).toContainText('You asked the organiser for a refund on');
  await expect(panel.getByRole('button', { name: 'Ask for a refund' })).toHaveCount(0);

  // The organiser, on their own device.
  const organiserContext = await browser.newContext();
  const desk = await organiserContext.newPage();
  await signIn(desk, demoOrganiser.email, demoOrganiser.password, '/organizer/payments');
  await waitForHydration(desk);
  const requests = desk.getByRole('region', { name: /^Refund requests/ });
  const card = requests.getByRole('listitem').filter({ hasText: order.reference });
  await expect(card).toContainText('My flight was cancelled and I cannot get there.');
  await expect(card).toContainText('£15.87');
  expect(await seriousViolations(desk)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await desk.screenshot({ path: '/tmp/refund-requests-desktop.png' });
  await card.getByRole('button', { name: 'Decline' }).click();
  await card.getByLabel('Note to the buyer').fill('The hall is fully booked and our policy is no refunds. Sorry!');
  await card.getByRole('button', { name: 'Decline the request' }).click();
  await expect(desk.getByText('Declined. The buyer is told by email.')).toBeVisible();
  await expect(requests.getByRole('listitem').filter({ hasText: order.reference })).toHaveCount(0);
  await organiserContext.close();

  expect(await mailText(email, 2)).toContain('The hall is fully booked and our policy is no refunds. Sorry!');
  await page.reload();
  await waitForHydration(page);
  await expect(panel).toContainText('The organiser declined your refund request');
  await expect(panel.getByRole('button', { name: 'Ask for a refund' })).toBeVisible();
});
