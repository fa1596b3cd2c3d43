import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { signIn } from './accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

// The demo organisation's owner: its demo events have sold tickets.
const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };
const shots = process.env.ADMIT_DASHBOARD_SHOTS;

/** Signs a demo member in from the sign-in page, which leads them back to the reports. */
async function signInToReports(page: Page, email: string) {
  await signIn(page, email, organiser.password, '/organizer/reports');
  await waitForHydration(page);
}

test.describe('organiser reports', () => {
  test('an owner downloads the attendees as CSV and as XLSX; a backwards range is refused before anything is asked', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signInToReports(page, organiser.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByText('One file covers at most 366 days and 250,000 rows (50,000 in an XLSX workbook).')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Booking fees and card fees' })).toBeVisible();

    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/reports/')) requests.push(request.url());
    });
    await page.locator('#field-from').fill('2026-06-10');
    await page.locator('#field-to').fill('2026-06-01');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await expect(page.getByText('The last day is before the first.')).toBeVisible();
    expect(requests).toEqual([]);

    const lastYear = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('group', { name: 'Report' }).getByText('Attendees', { exact: true }).click();
    await page.locator('#field-dateBy').selectOption('payment');
    await page.locator('#field-from').fill(lastYear);
    await page.locator('#field-to').fill(nextMonth);
    if (shots) await page.screenshot({ path: join(shots, `reports-${testInfo.project.name}.png`), fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`attendees-${lastYear}-to-${nextMonth}.csv`);
    const text = readFileSync(await download.path(), 'utf8');
    const [header, ...rows] = text.split('\r\n').filter(Boolean);
    expect(header).toBe(
      'Event,Event date (UTC),Ticket type,Ticket holder,Holder email,Buyer,Buyer email,Order,Checked in at (UTC),Checked in by device,Test',
    );
    expect(rows.length).toBeGreaterThan(0);
    if (testInfo.project.name === 'desktop') {
      const [workbook] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download XLSX' }).click(),
      ]);
      expect(workbook.suggestedFilename()).toBe(`attendees-${lastYear}-to-${nextMonth}.xlsx`);
      const file = readFileSync(await workbook.path());
      expect(file.length).toBeGreaterThan(0);
      // A zip archive, as every XLSX workbook is.
      expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    }
    expect(consoleErrors).toEqual([]);
  });

  test('an owner reads sales by day on screen beside its CSV, then opens and prints a door list', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signInToReports(page, organiser.email);

    const lastYear = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole('group', { name: 'Report' }).getByText('Sales by day', { exact: true }).click();
    await page.locator('#field-from').fill(lastYear);
    await page.locator('#field-to').fill(today);
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect(page).toHaveURL(/report=sales-by-day/);
    const table = page.getByRole('table', { name: /^Sales by day: \d+ rows?$/ });
    await expect(table).toBeVisible();
    const caption = (await table.locator('caption').textContent()) ?? '';
    const shownRows = await table.locator('tbody tr').count();
    expect(shownRows).toBeGreaterThan(0);
    if (shots) await page.screenshot({ path: join(shots, `reports-table-${testInfo.project.name}.png`), fullPage: true });

    // The file holds the same rows as the screen.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales-by-day-${lastYear}-to-${today}.csv`);
    const [header, ...rows] = readFileSync(await download.path(), 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(header).toBe('Day (UTC),Currency,Orders,Tickets,Ticket sales,Booking fees,Paid by buyers');
    expect(caption).toContain(`${rows.length} row`);
    const firstCells = await table.locator('tbody tr').first().locator('td > span:last-child').allInnerTexts();
    expect(firstCells.join(',')).toBe(rows[0]);

    await page.locator('#field-doorListEvent').selectOption({ label: 'Late Night Jazz at the Docks' });
    await page.getByRole('link', { name: 'Open door list' }).click();
    await expect(page).toHaveURL(/\/organizer\/events\/[^/]+\/door-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Door list: Late Night Jazz at the Docks' })).toBeVisible();
    const names = await page.locator('tbody tr td:nth-child(2) .font-semibold').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
    await expect(page.getByRole('button', { name: 'Print door list' })).toBeVisible();
    if (shots) await page.screenshot({ path: join(shots, `door-list-${testInfo.project.name}.png`), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print door list' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Organiser' })).toBeHidden();
    if (shots) await page.screenshot({ path: join(shots, `door-list-print-${testInfo.project.name}.png`), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  test('door staff see no report but open the door list of an event', async ({ page, consoleErrors }) => {
    test.setTimeout(60_000);
    await signInToReports(page, 'door@northernlights.demo');
    await expect(page.getByText('Sales, money and attendee reports are for owners, managers and finance.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download XLSX' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Mailed reports' })).toHaveCount(0);
    await page.locator('#field-doorListEvent').selectOption({ label: 'Late Night Jazz at the Docks' });
    await page.getByRole('link', { name: 'Open door list' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Door list: Late Night Jazz at the Docks' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an owner mails the revenue summary weekly to the accountant, sees when it goes, and stops it', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(60_000);
    const accountant = `accounts.${testInfo.project.name}.${crypto.randomUUID().slice(0, 6)}@example.test`;
    await signInToReports(page, organiser.email);
    const mails = page.getByRole('region', { name: 'Mailed reports' });
    await mails.getByLabel('Report', { exact: true }).selectOption({ label: 'Revenue summary' });
    await mails.getByLabel('How often').selectOption('weekly');
    await mails.getByLabel('Send to').fill('not an address');
    await mails.getByRole('button', { name: 'Mail this report' }).click();
    await expect(mails.getByText('Enter a valid email address.')).toBeVisible();
    await expect(mails.getByLabel('Send to')).toBeFocused();

    await mails.getByLabel('Send to').fill(`${accountant}, co.producer.${testInfo.project.name}@example.test`);
    await mails.getByRole('button', { name: 'Mail this report' }).click();
    await expect(mails.getByRole('status')).toHaveText(
      `Revenue summary will be mailed to ${accountant}, co.producer.${testInfo.project.name}@example.test.`,
    );
    const listed = mails.getByRole('listitem').filter({ hasText: accountant });
    await expect(listed).toContainText('Revenue summary · All events');
    await expect(listed).toContainText('Weekly on Mondays, for the week before · CSV · by payment date');
    await expect(listed).toContainText(/Next: \d{1,2} \w{3} \d{4}, 06:00 UTC/);
    await expect(listed).toContainText(`set up by ${organiser.email}`);
    if (shots) {
      await mails.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `report-mails-${testInfo.project.name}.png`), fullPage: true });
    }

    await listed.getByRole('button', { name: new RegExp(`^Stop mailing Revenue summary to ${accountant}`) }).click();
    await listed.getByRole('button', { name: 'Stop mailing', exact: true }).click();
    await expect(mails.getByRole('listitem').filter({ hasText: accountant })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
