import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { signInThroughPage } from './accounts.ts';
import { bearer, doorEvent } from './door-device.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

// The demo organisation's owner; the door tests sell and scan with the same organisation, so figures are read per event.
const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };
const shots = process.env.ADMIT_DASHBOARD_SHOTS;

test.describe('organiser dashboard', () => {
  test('an owner signs in to the dashboard, picks an event and sees a door scan within seconds', async ({
    page,
    request,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(90_000);
    // Two free tickets and one sandbox (TEST) ticket: three seats sold, no money moved.
    const event = await doorEvent(request, 2, { testTickets: 1 });

    await signInThroughPage(page, organiser.email, organiser.password, '/organizer/dashboard', { asked: false });
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.getByLabel('Show').selectOption({ label: event.title });
    await expect(page).toHaveURL(`/organizer/dashboard?event=${event.id}`);
    const door = page.getByRole('region', { name: 'At the door' });
    await expect(door.getByText('0 / 3')).toBeVisible();
    await expect(page.getByText('1 test order, not counted.')).toBeVisible();
    const types = page.getByRole('table', { name: 'Tickets sold against capacity per ticket type' });
    await expect(types.getByRole('row', { name: /Standing/ })).toContainText('2 / 500');
    await expect(types.getByRole('row', { name: /Balcony/ })).toContainText('1 / 50');
    await expect(page.getByRole('img', { name: /Tickets sold per day/ })).toBeVisible();
    const arrivals = page.getByRole('region', { name: 'Arrivals' });
    await expect(arrivals.getByText('0 admitted')).toBeVisible();
    await expect(arrivals.getByText('No one has been admitted yet.')).toBeVisible();

    const ticket = event.tickets[0];
    // Access tokens live 20 s in these tests: a fresh one for the door's calls.
    const token = await bearer(request);
    const scan = await request.post(`/api/events/${event.id}/checkins`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        code: ticket?.code,
        deviceId: `e2e-${randomUUID().slice(0, 8)}`,
        clientScanId: randomUUID(),
        scannedAt: new Date().toISOString(),
      },
    });
    expect((await scan.json()).data?.result, await scan.text()).toBe('valid');
    const scannedAt = Date.now();
    // The same ticket again, on another device: refused, and not counted twice.
    await request.post(`/api/events/${event.id}/checkins`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        code: ticket?.code,
        deviceId: `e2e-${randomUUID().slice(0, 8)}`,
        clientScanId: randomUUID(),
        scannedAt: new Date().toISOString(),
      },
    });
    await expect(door.getByText('1 / 3')).toBeVisible({ timeout: 7_000 });
    testInfo.annotations.push({ type: 'scan to dashboard', description: `${Date.now() - scannedAt} ms` });
    // The scan is an arrival in the current 5-minute slot, on the chart and in its table, counted once.
    await expect(arrivals.getByText(/^1 admitted/)).toBeVisible({ timeout: 7_000 });
    await expect(arrivals.getByRole('img', { name: /Arrivals per 5 minutes/ })).toBeVisible();
    const counts = arrivals.getByRole('table', { name: /Arrivals per 5 minutes/ }).getByRole('cell');
    await expect.poll(async () => (await counts.allTextContents()).reduce((sum, text) => sum + Number(text), 0)).toBe(1);

    if (shots) await page.screenshot({ path: join(shots, `dashboard-${testInfo.project.name}.png`), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });
});
