import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../fixtures/chromium.ts';
import {
  bearer,
  cameraBrowser,
  cameraVerdictMs,
  checkedIn,
  type DoorEvent,
  databases,
  device,
  doorEvent,
  nextTicket,
  prepareDevice,
  shots,
  tokenSecondsLeft,
  typeCode,
  verdict,
  writeQrVideo,
} from './door-device.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

// The door works offline through the service worker, and uploads what it queued with Background Sync, which only the
// whole browser has (not the headless shell the other specs use, decision 075).
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: chromiumPath, args: chromiumArgs } });

// The door runs on a phone: this file runs on the Pixel 7 alone (playwright.config.ts).
test.describe('the door', () => {
  // Each test starts a browser with a fake camera decoding frames; beside the other worker that doubles its time.
  test.setTimeout(180_000);

  test('the camera reads a real ticket: valid, then already used on this device; a forged code is invalid', async ({
    request,
    baseURL,
  }, testInfo) => {
    const event = await doorEvent(request, 2);
    const [first, second] = event.tickets as [DoorEvent['tickets'][number], DoorEvent['tickets'][number]];
    const video = testInfo.outputPath('ticket.y4m');
    writeQrVideo(video, first.code);
    const browser = await cameraBrowser(video);
    try {
      const page = await (await device(browser, baseURL as string)).newPage();
      await prepareDevice(page, event);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid', { timeout: cameraVerdictMs });
      await expect(verdict(page)).toContainText(first.holderName);
      await expect(verdict(page)).toContainText('Standing');
      if (shots) await page.screenshot({ path: join(shots, 'verdict-valid.png') });
      await nextTicket(page);
      // Still in front of the camera: not judged again while it stays in view.
      await page.waitForTimeout(3500);
      await expect(verdict(page)).toHaveCount(0);
      await typeCode(page, first.code);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'already_used');
      await expect(verdict(page)).toContainText('on this device');
      if (shots) await page.screenshot({ path: join(shots, 'verdict-already-used.png') });
      await nextTicket(page);

      // The second ticket with one character changed: forged, shown by the camera.
      const at = 60;
      const forged = second.code.slice(0, at) + (second.code[at] === 'B' ? 'C' : 'B') + second.code.slice(at + 1);
      writeQrVideo(video, forged);
      await page.reload();
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid', { timeout: cameraVerdictMs });
      await expect(verdict(page)).toContainText('Unknown, altered or forged ticket.');
      if (shots) await page.screenshot({ path: join(shots, 'verdict-invalid.png') });
      if (shots) {
        await nextTicket(page);
        await page.screenshot({ path: join(shots, 'scanner.png'), fullPage: true });
      }
    } finally {
      await browser.close();
    }
  });

  test('offline the door scans 20 tickets, still scans after an offline reload (a short code typed by hand too), and the server holds them all once back online', async ({
    browser,
    request,
    baseURL,
  }) => {
    const event = await doorEvent(request, 21);
    const context = await device(browser, baseURL as string, { camera: false });
    try {
      const page = await context.newPage();
      await prepareDevice(page, event, { offlineReady: true });
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
      await context.setOffline(true);
      await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
      for (const ticket of event.tickets.slice(0, 20)) {
        await typeCode(page, ticket.code);
        await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
        await expect(verdict(page)).toContainText('Decided on this device');
        await nextTicket(page);
      }
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '20');

      await page.reload();
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '20');
      await typeCode(page, event.tickets[0]?.code as string);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'already_used');
      await nextTicket(page);
      // The last one by the short code printed under its QR code, typed as a person would: lower case, spaced.
      const last = event.tickets[20] as DoorEvent['tickets'][number];
      const typed = last.shortCode.toLowerCase().replace(/^(...)(...)/, '$1 $2 ');
      await typeCode(page, typed);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
      await expect(verdict(page)).toContainText(last.holderName);
      await expect(verdict(page)).toContainText('Decided on this device');
      if (shots) await page.screenshot({ path: join(shots, 'verdict-offline-valid.png') });
      await nextTicket(page);

      await context.setOffline(false);
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '0', { timeout: 15_000 });
      const stats = await request.get(`/api/events/${event.id}/checkins/stats`, {
        headers: { authorization: `Bearer ${await bearer(request)}` },
      });
      expect((await stats.json()).data).toMatchObject({ checkedIn: 21 });
    } finally {
      await context.close();
    }
  });

  test('two devices offline admit the same ticket; after sync the server keeps one admission and flags the other as a duplicate', async ({
    browser,
    request,
    baseURL,
  }) => {
    const event = await doorEvent(request, 1);
    const code = event.tickets[0]?.code as string;
    const [contextA, contextB] = await Promise.all([
      device(browser, baseURL as string, { camera: false }),
      device(browser, baseURL as string, { camera: false }),
    ]);
    try {
      const [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
      await prepareDevice(pageA, event);
      await prepareDevice(pageB, event);
      await Promise.all([contextA.setOffline(true), contextB.setOffline(true)]);
      for (const page of [pageA, pageB]) {
        await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
        await typeCode(page, code);
        await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
        await nextTicket(page);
      }
      await contextA.setOffline(false);
      await expect(pageA.locator('[data-pending]')).toHaveAttribute('data-pending', '0', { timeout: 15_000 });
      await contextB.setOffline(false);
      await expect(pageB.locator('[data-pending]')).toHaveAttribute('data-pending', '0', { timeout: 15_000 });
      await expect(pageB.getByTestId('door-duplicates')).toContainText('1 scan from this device flagged as duplicate');
      await expect(pageB.getByTestId('recent-scans')).toContainText('Duplicate');
      await expect(pageA.getByTestId('door-duplicates')).toHaveCount(0);
      if (shots) await pageB.screenshot({ path: join(shots, 'duplicate.png'), fullPage: true });
      const stats = await request.get(`/api/events/${event.id}/checkins/stats`, {
        headers: { authorization: `Bearer ${await bearer(request)}` },
      });
      expect((await stats.json()).data).toMatchObject({ checkedIn: 1 });

      // A name typed into the code field is looked up, not refused: the search on the device finds the ticket by
      // its holder and shows it checked in.
      const holder = event.tickets[0]?.holderName.split(' ')[0] ?? '';
      await pageA.locator('#door-manual-code').fill(holder);
      await pageA.locator('#door-manual-code').press('Enter');
      await expect(pageA).toHaveURL(/\/organizer\/validate-ticket\/search\?event=[^&]+&q=/);
      await expect(pageA.locator('#door-search')).toHaveValue(holder);
      await expect(pageA.getByTestId('search-results')).toContainText('Checked in');
      await pageA.getByRole('link', { name: 'Back to scanning' }).click();
      await pageA.getByRole('link', { name: 'Search by name, email or order' }).click();
      await pageA.locator('#door-search').fill(holder);
      await expect(pageA.getByTestId('search-results')).toContainText('Checked in');
      if (shots) await pageA.screenshot({ path: join(shots, 'search.png'), fullPage: true });
    } finally {
      await Promise.all([contextA.close(), contextB.close()]);
    }
  });

  test('with the page closed, the service worker uploads the queued scans when the connection returns (Background Sync)', async ({
    page,
    context,
    request,
  }) => {
    const event = await doorEvent(request, 2);
    await prepareDevice(page, event, { offlineReady: true });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // The worker uploads with the token the page shared; the test server's tokens live 20 s, so scan with a fresh
    // one (the door's own polling renews it).
    await expect.poll(() => tokenSecondsLeft(context), { timeout: 45_000, intervals: [500] }).toBeGreaterThan(15);

    await context.setOffline(true);
    await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
    for (const ticket of event.tickets) {
      await typeCode(page, ticket.code);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
      await nextTicket(page);
    }
    await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '2');
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync?: { getTags(): Promise<string[]> };
      };
      return (await registration.sync?.getTags()) ?? null;
    });
    expect(tags, 'Chromium has Background Sync').not.toBeNull();
    expect(tags).toContain('admit-door-upload');
    // No door page open any more, and the connection returns: the browser wakes the service worker (the sync
    // event), which uploads the queue on its own.
    await page.close();
    expect(await checkedIn(request, event.id)).toBe(0);
    await context.setOffline(false);
    await expect.poll(() => checkedIn(request, event.id), { timeout: 15_000 }).toBe(2);
  });

  test('signing out with scans waiting warns before discarding them; declined, they stay; accepted, the door data goes', async ({
    page,
    context,
    request,
  }) => {
    const event = await doorEvent(request, 1);
    await prepareDevice(page, event);
    await context.setOffline(true);
    await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
    await typeCode(page, event.tickets[0]?.code as string);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
    await nextTicket(page);
    await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '1');
    // Back online, but the server refuses uploads for now: the scan cannot leave the device.
    await context.route('**/api/events/*/checkins/batch', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ httpStatus: 'SERVICE_UNAVAILABLE', message: 'Try again soon.' }),
      }),
    );
    await context.setOffline(false);
    await page.goto('/account');
    await waitForHydration(page);

    const warnings: string[] = [];
    page.once('dialog', (dialog) => {
      warnings.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => warnings)
      .toEqual(['1 door scan has not been uploaded yet. Signing out deletes it from this device. Sign out anyway?']);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeEnabled();
    await expect(page).toHaveURL('/account');
    expect(await databases(page)).toContain('admit-door');

    page.once('dialog', (dialog) => {
      warnings.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(warnings).toHaveLength(2);
    expect(await databases(page)).not.toContain('admit-door');
    expect(await page.evaluate(() => localStorage.getItem('admit-door-event'))).toBeNull();
    expect(await checkedIn(request, event.id)).toBe(0);
  });

  test('a TEST ticket is refused with a verdict of its own, and admitted with a TEST badge once the event is in test mode', async ({
    page,
    request,
  }) => {
    const event = await doorEvent(request, 1, { testTickets: 1 });
    const [test] = event.testTickets as [DoorEvent['tickets'][number]];
    await prepareDevice(page, event);
    await typeCode(page, test.code);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'test_ticket');
    await expect(verdict(page)).toContainText('TEST ticket');
    await expect(verdict(page)).toContainText('Not valid for entry');
    await expect(verdict(page)).toContainText('Do not admit');
    await expect(verdict(page)).toContainText(test.holderName);
    if (shots) await page.screenshot({ path: join(shots, 'testmode-door-refused.png') });
    await nextTicket(page);

    const changed = await request.patch(`/api/events/${event.id}`, {
      headers: { authorization: `Bearer ${await bearer(request)}` },
      data: { testMode: true },
    });
    expect(changed.ok()).toBe(true);
    // The door learns of it within seconds (the server's answer, then the next sync); a refusal admits nobody.
    await expect(async () => {
      if ((await verdict(page).count()) > 0) await nextTicket(page);
      await typeCode(page, test.code);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid', { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(verdict(page)).toContainText('TEST ticket · test mode');
    if (shots) await page.screenshot({ path: join(shots, 'testmode-door-admitted.png') });
    await nextTicket(page);
    expect(await checkedIn(request, event.id)).toBe(1);
  });

  test('signing out with nothing waiting asks nothing and clears the event data from the device', async ({ page, request }) => {
    const event = await doorEvent(request, 1);
    await prepareDevice(page, event);
    await typeCode(page, event.tickets[0]?.code as string);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
    await expect(verdict(page)).toContainText('Checked with the server');
    await nextTicket(page);
    await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '0');
    expect(await databases(page)).toContain('admit-door');

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/account');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(dialogs).toEqual([]);
    expect(await databases(page)).not.toContain('admit-door');
    expect(await page.evaluate(() => localStorage.getItem('admit-door-event'))).toBeNull();
    expect(await checkedIn(request, event.id)).toBe(1);
  });
});
