import { expect, test, waitForHydration } from './fixtures.ts';

// The demo organisation's owner: its demo events have sold TEST tickets in the sandbox, and none has ended yet.
const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };

test.describe('organiser payouts', () => {
  test('an owner reaches payouts from the side nav and sees the balance per currency and the payouts', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`/sign-in?redirect=${encodeURIComponent('/organizer/dashboard')}`);
    await waitForHydration(page);
    await page.locator('#field-email').fill(organiser.email);
    await page.locator('#field-password').fill(organiser.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/organizer/dashboard');
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
});
