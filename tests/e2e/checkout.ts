import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './fixtures.ts';

/** The event page's ticket panel. */
export const ticketPanel = (page: Page) => page.getByRole('region', { name: 'Tickets' });

/** From the event page to the buyer's details: the quantity, then "Continue", then the guest's name and email. */
export async function checkout(page: Page, typeName: string, quantity: number, buyer?: { name: string; email: string }) {
  const panel = ticketPanel(page);
  for (let step = 0; step < quantity; step += 1) await panel.getByRole('button', { name: `Add one ${typeName} ticket` }).click();
  await expect(panel.locator('output')).toHaveText(String(quantity));
  await panel.getByRole('button', { name: new RegExp(`^Continue with ${quantity} tickets?`) }).click();
  if (buyer) {
    await page.getByLabel('Full name').fill(buyer.name);
    // Exact: each ticket's holder may have an "Email (optional)" too.
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  }
}

/** On the sandbox's payment page: the given test card, the name on it, then "Pay". */
export async function payInSandbox(page: Page, cardNumber: string, nameOnCard: string) {
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await waitForHydration(page);
  await page.getByRole('button', { name: new RegExp(`^Use ${cardNumber}`) }).click();
  await page.getByLabel('Name on card').fill(nameOnCard);
  await page.getByRole('button', { name: /^Pay / }).click();
}
