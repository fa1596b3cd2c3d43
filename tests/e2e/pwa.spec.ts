import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

// Installing and opening offline need the service worker.
test.use({ serviceWorkers: 'allow' });

test.describe('installable, offline-capable app', () => {
  test('public pages visited once open offline; pages built in open from the app shell; others say they need a connection', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/about-us');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About');

    await context.setOffline(true);
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
    await waitForHydration(page);

    // Never visited, but its text is part of the app: rendered in the browser from the shell.
    await page.goto('/policy/stakeholders');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('fatal-error')).toHaveCount(0);

    // An event page never visited needs the server: the page says so and points to what works offline.
    await page.goto('/event/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('fatal-error')).toContainText('You’re offline');
    await expect(page.getByRole('link', { name: 'My tickets' })).toBeVisible();
    await context.setOffline(false);
  });

  test('Chromium reports the app installable', async ({ baseURL }) => {
    const profile = mkdtempSync(join(tmpdir(), 'admit-profile-'));
    const launchOptions = test.info().project.use.launchOptions ?? {};
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, headless: true });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseURL}/`);
      await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
      const manifest = await (await page.request.get(`${baseURL}/manifest.webmanifest`)).json();
      expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual([
        '/organizer/scan-ticket',
        '/account/bookings',
      ]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
