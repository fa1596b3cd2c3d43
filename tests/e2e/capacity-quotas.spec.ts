import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { signIn } from './accounts.ts';
import { ticketPanel } from './checkout.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

// Capacity shared across ticket types (decision 061), on a phone and a desktop: the organiser sets the places two types
// share on the event's capacity page, buyers see the fewest tickets left, and one who meets the limit is told which.

// A verified demo organisation (paid tickets need one).
const organiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
const unique = () => randomUUID().slice(0, 6).toUpperCase();

async function organiserToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/signIn', { data: organiser });
  expect(response.status()).toBe(200);
  return (await response.json()).data.accessToken as string;
}

test.describe('places two ticket types share', () => {
  test('are set by the organiser on the capacity page; buyers see the fewest left and are told when they run out', async ({
    page,
    browser,
    request,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(90_000);
    const token = await organiserToken(request);
    const event = await publishedEvent(request, token, `Shared Floor ${unique()}`, [
      { name: 'Early bird', price: 1000, capacity: 50 },
      { name: 'Standard', price: 2000, capacity: 50 },
    ]);

    // From the event's editor to its capacity page.
    await signIn(page, organiser.email, organiser.password, `/organizer/events/${event.id}`);
    await waitForHydration(page);
    await expect(page.getByText('None: each type sells up to its own capacity.', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Set capacity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Capacity' })).toBeVisible();
    await waitForHydration(page);

    await page.getByRole('button', { name: 'Share places between ticket types' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Floor');
    await page.getByLabel('Places', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Save places' }).click();
    await expect(page.getByText('Choose the ticket types that share these places.')).toBeVisible();
    await page.getByRole('checkbox', { name: /^Early bird/ }).check();
    await page.getByRole('checkbox', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Save places' }).click();

    const table = page.getByRole('table', { name: 'Capacity and shared places' });
    await expect(table.getByText('Shared by Early bird and Standard')).toBeVisible();
    const buyersSee = page.getByRole('region', { name: 'What buyers can still buy' });
    await expect(buyersSee.getByRole('listitem').filter({ hasText: 'Early bird' })).toContainText('3 left of 50');
    await expect(buyersSee.getByRole('listitem').filter({ hasText: 'Standard' })).toContainText('3 left of 50');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the capacity page scrolls sideways').toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('organiser-capacity.png'), fullPage: true });

    // A buyer on the same device sees 3 left of each type: the places they share, not the types' own 50.
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
    const buyerContext = await browser.newContext({
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      baseURL: new URL(page.url()).origin,
      serviceWorkers: 'block',
    });
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/event/${event.id}`);
    await waitForHydration(buyer);
    const panel = ticketPanel(buyer);
    await expect(panel.getByText('Only 3 left')).toHaveCount(2);

    // Meanwhile someone else holds two Standard tickets; the buyer still asks for three Early bird.
    const standardId = event.ticketTypes.find((type) => type.name === 'Standard')?.id;
    const held = await request.post('/api/orders', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        eventId: event.id,
        items: [{ ticketTypeId: standardId, quantity: 2 }],
        buyer: { name: 'Rita Rival', email: `rival.${unique().toLowerCase()}@example.test` },
      },
    });
    expect(held.status()).toBe(201);
    for (let step = 0; step < 3; step += 1) await panel.getByRole('button', { name: 'Add one Early bird ticket' }).click();
    await expect(panel.locator('output').first()).toHaveText('3');
    await panel.getByRole('button', { name: /^Continue with 3 tickets/ }).click();
    await buyer.getByLabel('Full name').fill('Bea Buyer');
    await buyer.getByLabel('Email', { exact: true }).fill(`bea.${unique().toLowerCase()}@example.test`);
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await expect(buyer.getByRole('alert').filter({ hasText: 'left across' })).toHaveText(
      'Only 1 place is left across Early bird and Standard.',
    );
    await buyer.screenshot({ path: testInfo.outputPath('buyer-refused.png'), fullPage: true });
    await buyerContext.close();

    // The organiser sees the places taken: two held for payment, one left.
    await page.reload();
    await waitForHydration(page);
    await expect(buyersSee.getByRole('listitem').filter({ hasText: 'Early bird' })).toContainText('1 left of 50');
    // And, under the event's tickets in its editor, each set of places with what is taken and left.
    await page.getByRole('link', { name: 'Back to the event' }).click();
    await expect(page.getByText('Floor · Shared by Early bird and Standard')).toBeVisible();
    await expect(page.getByText('3 places · 2 taken (0 sold, 2 held) · 1 left')).toBeVisible();
    await page.getByRole('region', { name: 'Tickets' }).screenshot({ path: testInfo.outputPath('editor-capacity-summary.png') });
    // The refused order's 409 is an answer the page shows, not an error of the page.
    expect(consoleErrors.filter((line) => !line.includes('409'))).toEqual([]);
  });
});
