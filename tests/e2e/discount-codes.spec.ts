import type { APIRequestContext } from '@playwright/test';
import type { Event } from '../../src/contract/events.ts';
import { signIn } from './accounts.ts';
import { ticketPanel } from './checkout.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

// A verified demo organisation (paid tickets need one).
const organiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
const unique = () => crypto.randomUUID().slice(0, 6).toUpperCase();

async function organiserToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/signIn', { data: organiser });
  expect(response.status()).toBe(200);
  return (await response.json()).data.accessToken as string;
}

async function newCode(request: APIRequestContext, token: string, eventId: string, body: Record<string, unknown>) {
  const response = await request.post(`/api/events/${eventId}/discount-codes`, {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status()).toBe(201);
}

/** The organiser's view of the event, hidden ticket types included. */
async function editorsEvent(request: APIRequestContext, token: string, eventId: string): Promise<Event> {
  const response = await request.get(`/api/events/${eventId}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()).data as Event;
}

test.describe('a buyer with a code', () => {
  test('opens a link with the code, sees what it takes off before paying, and a mistyped code gets a sentence', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const token = await organiserToken(request);
    const event = await publishedEvent(request, token, `Code Night ${unique()}`, [
      { name: 'Standard', price: 1500, capacity: 50 },
    ]);
    const code = `SPRING-${unique()}`;
    await newCode(request, token, event.id, { code, kind: 'percent', value: 20 });

    await page.goto(`/event/${event.id}?code=${code.toLowerCase()}`);
    await waitForHydration(page);
    const panel = ticketPanel(page);
    await expect(panel.getByText(`${code} — 20% off tickets`)).toBeVisible();
    await panel.getByRole('button', { name: 'Add one Standard ticket' }).click();
    await panel.getByRole('button', { name: 'Add one Standard ticket' }).click();
    const discount = panel.locator('dt', { hasText: `Discount (${code})` });
    await expect(discount).toBeVisible();
    await expect(discount.locator('xpath=following-sibling::dd[1]')).toHaveText('−£6.00');
    await expect(panel.getByRole('button', { name: /^Continue with 2 tickets, total / })).toBeVisible();

    // Removed, the code's field stays open for another.
    await panel.getByRole('button', { name: `Remove the code ${code}` }).click();
    await expect(discount).toHaveCount(0);
    await panel.getByLabel('Discount or access code').fill('NOT-A-CODE');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel.getByRole('alert')).toHaveText('That is not a code for this event. Check its spelling.');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The refused code's 404 is an answer the page reads, not an error of the page.
    expect(consoleErrors.filter((line) => !line.includes('404'))).toEqual([]);
  });

  test('buys a hidden ticket type of an event that sells only to those with the access code', async ({ page, request }) => {
    const token = await organiserToken(request);
    const event = await publishedEvent(request, token, `Crew Night ${unique()}`, [
      { name: 'Crew', price: 500, capacity: 20, hidden: true },
    ]);
    const crew = (await editorsEvent(request, token, event.id)).ticketTypes.find((type) => type.name === 'Crew');
    const code = `CREW-${unique()}`;
    await newCode(request, token, event.id, { code, kind: null, unlocksTicketTypeIds: [crew?.id] });

    await page.goto(`/event/${event.id}`);
    await waitForHydration(page);
    const panel = ticketPanel(page);
    await expect(panel.getByRole('button', { name: 'Add one Crew ticket' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Have a code?' }).click();
    await panel.getByLabel('Discount or access code').fill(code);
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel.getByText(`${code} — Shows Crew tickets`)).toBeVisible();
    await panel.getByRole('button', { name: 'Add one Crew ticket' }).click();
    await expect(panel.locator('output')).toHaveText('1');
  });
});

test.describe('an organiser’s codes', () => {
  test('are listed and made on their own page, which fits the screen', async ({ page, request }) => {
    const token = await organiserToken(request);
    const event = await publishedEvent(request, token, `Codes Page ${unique()}`, [
      { name: 'Standard', price: 1500, capacity: 50 },
    ]);
    const existing = `EARLY-${unique()}`;
    await newCode(request, token, event.id, { code: existing, kind: 'amount', value: 300, maxUses: 40 });

    const path = `/organizer/events/${event.id}/codes`;
    await signIn(page, organiser.email, organiser.password, path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
    await expect(page.getByText(existing).first()).toBeVisible();

    const made = `FRIENDS-${unique()}`;
    await page.getByRole('button', { name: 'New code' }).click();
    await page.getByLabel('Code', { exact: true }).fill(made);
    await page.getByLabel('Discount', { exact: true }).selectOption('percent');
    await page.getByLabel('Percentage off').fill('150');
    await page.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText('A percentage is between 1 and 100.')).toBeVisible();
    await page.getByLabel('Percentage off').fill('15');
    await page.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText(made).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});
