import { fullAdmin, shoot, signInAs } from './admin-pages.ts';
import { expect, test } from './fixtures.ts';

/** The demo attendee, who has booked tickets (README). */
const attendee = 'alex@admit.demo';
/** The demo organiser, owner of one organisation. */
const organiser = 'maya@northernlights.demo';

test.describe('one account for support', () => {
  test('an admin opens an attendee from the users list: their orders lead to the order, and an organiser shows their organisation; the overview leads to what waits', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    // Three pages and two searches: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const phone = testInfo.project.name !== 'desktop';
    if (!phone) await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, fullAdmin, `/admin/users?q=${encodeURIComponent(attendee)}`);
    await page.getByRole('link', { name: 'Alex' }).first().click();
    await expect(page).toHaveURL(/\/admin\/users\?user=/);
    await expect(page.getByRole('heading', { level: 2, name: /Alex/ })).toBeVisible();
    const orders = page.getByRole('table', { name: 'Orders' });
    await expect(orders.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText('Not a member of any organisation.')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the account page scrolls sideways').toBeLessThanOrEqual(0);
    await shoot(page, `${phone ? 'phone' : 'desktop'}-user-detail`);

    const reference = (await orders.getByRole('link').first().textContent())?.trim() ?? '';
    expect(reference).not.toBe('');
    await orders.getByRole('link', { name: reference }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?order=/);
    await expect(page.getByText(reference).first()).toBeVisible();

    await page.goto(`/admin/users?q=${encodeURIComponent(organiser)}`);
    await page.getByRole('link', { name: 'Maya' }).first().click();
    const organisations = page.getByRole('table', { name: 'Organisations' });
    await expect(organisations.getByRole('link', { name: 'Northern Lights Live' })).toBeVisible();
    await expect(organisations.getByText('Owner')).toBeVisible();

    // The overview says what waits on administrators, each figure leading to its page.
    await page.goto('/admin');
    const waiting = page.getByRole('region', { name: 'Waiting now' });
    await expect(waiting.getByText('Organisers to review', { exact: true })).toBeVisible();
    await shoot(page, `${phone ? 'phone' : 'desktop'}-admin-waiting`);
    await waiting.getByRole('link', { name: 'Open events on sale' }).click();
    await expect(page).toHaveURL(/\/admin\/events\?status=published/);
    expect(consoleErrors).toEqual([]);
  });
});
