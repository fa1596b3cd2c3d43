import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { freePort } from '../fixtures/free-port.ts';
import { signIn } from './accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

// The demo organisation's owner: its demo events have weeks of demo sales, which the sandbox pays out (decision 057), and
// none has ended yet.
const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };

test.describe('organiser payouts', () => {
  test('an owner reaches payouts from the side nav and sees the balance per currency and the payouts', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, organiser.email, organiser.password, '/organizer/dashboard');
    await waitForHydration(page);

    await page.getByRole('navigation', { name: 'Organiser' }).getByRole('link', { name: 'Payouts', exact: true }).click();
    await expect(page).toHaveURL('/organizer/payouts');
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Sandbox payouts' })).toBeVisible();

    const gbp = page.getByRole('region', { name: 'Balance in GBP' });
    await expect(gbp).toBeVisible();
    for (const label of ['Sold', 'Fees', 'Refunds', 'Paid out', 'Pending']) {
      await expect(gbp.getByText(label, { exact: true })).toBeVisible();
    }
    // Nothing has ended, so nothing is paid out: the pending money is the whole net.
    const paidOut = gbp.locator('div').filter({ has: page.locator('dt', { hasText: /^Paid out$/ }) });
    await expect(paidOut).toContainText('£0.00');
    await expect(page.getByText('No payouts yet. A payout is made after each of your events ends.')).toBeVisible();
    const box = await gbp.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport ? box.x + box.width <= viewport.width : false).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('after an event ends the server pays it out, and the payout opens to the orders it covers', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'admit-payouts-'));
    const port = await freePort();
    let server: OwnServer | null = await startOwnServer({ port, dataDir });
    try {
      await server.stop();
      server = null;
      // The demo's busiest Northern Lights event took place yesterday.
      const db = new PGlite(join(dataDir, 'pglite'));
      await db.query(`
        update events set starts_at = now() - interval '30 hours', ends_at = now() - interval '26 hours'
         where id = (select e.id from events e join orders o on o.event_id = e.id join organizations g on g.id = e.organization_id
                      where g.name like 'Northern Lights%' and o.status = 'paid' group by e.id order by count(*) desc, e.id limit 1)`);
      await db.close();
      // The payout job runs as the server starts.
      server = await startOwnServer({ port, dataDir });
      const origin = server.origin;
      await page.goto(`${origin}/sign-in?redirect=${encodeURIComponent('/organizer/payouts')}`);
      await waitForHydration(page);
      await page.locator('#field-email').fill(organiser.email);
      await page.locator('#field-password').fill(organiser.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(`${origin}/organizer/payouts`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Show orders' }).first().click();
      const orders = page.getByRole('list', { name: /^Orders in payout PO-/ });
      await expect(orders.getByRole('listitem').first()).toBeVisible();
      // The payout's amount is the sum of the orders it covers, and the balance's paid out agrees.
      const amounts = (await orders.getByRole('listitem').allInnerTexts()).map((text) =>
        Math.round(Number((text.match(/£([\d,.]+)\s*$/)?.[1] ?? 'NaN').replaceAll(',', '')) * 100),
      );
      const total = amounts.reduce((sum, amount) => sum + amount, 0);
      expect(total).toBeGreaterThan(0);
      const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(total / 100);
      const gbp = page.getByRole('region', { name: 'Balance in GBP' });
      const paidOut = gbp.locator('div').filter({ has: page.locator('dt', { hasText: /^Paid out$/ }) });
      await expect(paidOut).toContainText(pounds);
      await expect(
        page.getByRole('region', { name: 'Payouts', exact: true }).getByText(pounds, { exact: true }).first(),
      ).toBeVisible();
      expect(consoleErrors).toEqual([]);
    } finally {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
