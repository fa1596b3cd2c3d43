import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../fixtures/chromium.ts';
import {
  cameraBrowser,
  cameraVerdictMs,
  checkedIn,
  device,
  doorEvent,
  keepVerdicts,
  nextTicket,
  prepareDevice,
  signIn,
  typeCode,
  verdict,
  verdictsSeen,
  writeQrVideo,
} from './door-device.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

// The door works offline through the service worker.
test.use({ serviceWorkers: 'allow' });

// The door from a cold start (issue 15): each test is a new phone, with no visit under the service worker before
// the one being tested. The scanner must open offline whatever this phone loaded before.

const readySentence = /on this device — it can check tickets without a connection\.$/;

/** A phone with a fake camera and its own profile on disk, so the browser can be closed and opened again. */
async function persistentPhone(profile: string, video: string, baseURL: string): Promise<BrowserContext> {
  const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
  return chromium.launchPersistentContext(profile, {
    ...pixel,
    baseURL,
    permissions: ['camera'],
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    headless: true,
  });
}

// The door runs on a phone: this file runs on the Pixel 7 alone (playwright.config.ts).
test.describe('the door from a cold start', () => {
  test.setTimeout(150_000);

  test('ready as the page says so: offline and reloaded, the camera admits a ticket, queued, and the server has it once back online', async ({
    request,
    baseURL,
  }, testInfo) => {
    const event = await doorEvent(request, 2);
    const video = testInfo.outputPath('camera.y4m');
    writeQrVideo(video, null);
    const browser = await cameraBrowser(video);
    try {
      const context = await device(browser, baseURL as string);
      const page = await context.newPage();
      // No reload, no wait for the worker: only what the page says.
      await prepareDevice(page, event, { offlineReady: true });

      await context.setOffline(true);
      writeQrVideo(video, event.tickets[0]?.code as string);
      await keepVerdicts(page);
      await page.reload();
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
      // The first verdict the page showed, however long ago: the ticket stays in view and may be judged again.
      await expect.poll(async () => (await verdictsSeen(page))[0]?.verdict, { timeout: cameraVerdictMs }).toBe('valid');
      expect((await verdictsSeen(page))[0]?.text).toContain('Decided on this device');
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '1');
      expect(await checkedIn(request, event.id)).toBe(0);

      await context.setOffline(false);
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
      expect(await checkedIn(request, event.id)).toBe(1);
    } finally {
      await browser.close();
    }
  });

  test('closed while offline and opened again offline: the same event, the queue intact, and scanning works', async ({
    request,
    baseURL,
  }, testInfo) => {
    const event = await doorEvent(request, 3);
    const [first, second, third] = event.tickets as [
      (typeof event.tickets)[number],
      (typeof event.tickets)[number],
      (typeof event.tickets)[number],
    ];
    const video = testInfo.outputPath('camera.y4m');
    writeQrVideo(video, null);
    const profile = mkdtempSync(join(tmpdir(), 'admit-door-phone-'));
    let context = await persistentPhone(profile, video, baseURL as string);
    try {
      let page = context.pages()[0] ?? (await context.newPage());
      await prepareDevice(page, event, { offlineReady: true });
      await context.setOffline(true);
      await typeCode(page, first.code);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid');
      await nextTicket(page);
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '1');

      // The phone closes the browser with no signal; opened again, still with none, on the scanner's address.
      await context.close();
      writeQrVideo(video, second.code);
      context = await persistentPhone(profile, video, baseURL as string);
      await context.setOffline(true);
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/organizer/validate-ticket/scan');
      await waitForHydration(page);
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[data-door-mode="offline"]')).toBeVisible();
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'valid', { timeout: cameraVerdictMs });
      await expect(verdict(page)).toContainText(second.holderName);
      await expect(page.locator('[data-pending]')).toHaveAttribute('data-pending', '2');
      await nextTicket(page);
      // The first scan is still known on this device.
      await typeCode(page, first.code);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'already_used');
      await nextTicket(page);

      // The search screen and the setup page open offline too (the manifest's shortcut).
      await page.goto(`/organizer/validate-ticket/search?event=${event.id}`);
      await page.locator('#door-search').fill(third.holderName.split(' ')[0] ?? '');
      await expect(page.getByTestId('search-results')).toContainText(third.holderName);
      await page.goto('/organizer/scan-ticket');
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible({ timeout: 15_000 });

      await context.setOffline(false);
      await expect.poll(() => checkedIn(request, event.id), { timeout: 30_000 }).toBe(2);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('the page does not claim offline readiness before the service worker has saved the app and controls the page', async ({
    page,
    context,
    request,
  }) => {
    const event = await doorEvent(request, 1);
    // The worker's download of the app shell is held back: it cannot finish installing until released.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    await context.route('**/app-shell*', async (route) => {
      asked += 1;
      await held;
      await route.continue();
    });
    await signIn(page, `/organizer/scan-ticket?event=${event.id}`);
    await expect(page.getByText('1 ticket on this device')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => asked, { timeout: 20_000 }).toBeGreaterThan(0);
    // Scan data stored, app not: the page says what is missing and never the sentence.
    await expect(page.getByText(/Saving the app for offline use|App saved for offline use: \d+ of \d+ files/)).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(page.getByText(readySentence)).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await expect(page.getByRole('link', { name: 'Start scanning' })).toBeVisible();

    release();
    await expect(page.getByText(readySentence)).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });
});
