import { refundPolicySentence } from '../../src/contract/refund-policy.ts';
import { checkout, ticketPanel } from './checkout.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

// An event's refund policy (decision 067) read on a phone in London, for an event in New York: beside the tickets on
// the event page and beside the total in checkout, the deadline on New York's clock.
const organiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
const policy = { kind: 'until_before_start', notice: 48, unit: 'hours', fee: { kind: 'percent', percent: 5 } } as const;

test.use({ timezoneId: 'Europe/London' });

test('a buyer on a phone reads the refund policy on the event page and in checkout before paying @phone', async ({
  page,
  request,
}) => {
  const signIn = await request.post('/api/auth/signIn', { data: organiser });
  expect(signIn.status()).toBe(200);
  const token = (await signIn.json()).data.accessToken as string;
  const event = await publishedEvent(
    request,
    token,
    `Refund policy night ${crypto.randomUUID().slice(0, 6)}`,
    [{ name: 'Standard', price: 1500, capacity: 50 }],
    { timezone: 'America/New_York', refundPolicy: policy },
  );
  const sentence = refundPolicySentence(policy, event.startsAt, 'America/New_York');
  expect(sentence).toContain('(New York time), 48 hours before the start, minus a 5% fee.');

  await page.goto(`/event/${event.id}`);
  await waitForHydration(page);
  const note = page.getByRole('region', { name: 'Refund policy' });
  await expect(note).toContainText(sentence);
  await expect(note).toContainText('ask the organiser for a refund, from your booking');
  await expect(ticketPanel(page)).toBeVisible();
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/refund-policy-event-phone.png' });

  await checkout(page, 'Standard', 1, { name: 'Rosa Buyer', email: 'rosa.buyer@example.test' });
  const pay = page.getByRole('button', { name: /^Pay £/ });
  await expect(pay).toBeVisible();
  const atCheckout = page.getByRole('form', { name: 'Your details' }).getByRole('region', { name: 'Refund policy' });
  await expect(atCheckout).toContainText(sentence);
  await pay.scrollIntoViewIfNeeded();
  // Beside the total: the policy sits right above the button that says what is paid.
  const noteBox = await atCheckout.boundingBox();
  const payBox = await pay.boundingBox();
  expect(noteBox && payBox && payBox.y - (noteBox.y + noteBox.height)).toBeLessThan(40);
  await page.screenshot({ path: '/tmp/refund-policy-checkout-phone.png' });
});
