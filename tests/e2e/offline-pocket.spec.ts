import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, devices, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../fixtures/chromium.ts';
import { confirmedAccount, signInAt, testPassword } from './accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

// Tickets offline, through the service worker.
test.use({ serviceWorkers: 'allow' });

// The attendee's tickets from a cold start (issue 15): a new phone, a booking, and My tickets opened later with no
// signal, without My tickets ever having been loaded online, and again after the browser was closed.

const organiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
const unique = () => crypto.randomUUID().slice(0, 8);

/** A fresh phone with its own profile on disk, so it can be closed and opened again. */
async function phone(profile: string, baseURL: string): Promise<BrowserContext> {
  const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
  return chromium.launchPersistentContext(profile, {
    ...pixel,
    baseURL,
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
}

/** The worker has installed and controls the page: it claims open pages as it activates, with no reload. */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

// The offline app is checked on a phone: this file runs on the Pixel 7 alone (playwright.config.ts).
test.describe('tickets in the pocket', () => {
  test.setTimeout(120_000);

  test('a free ticket booked on a new phone is in My tickets offline, also after the browser is closed and opened again', async ({
    request,
    baseURL,
  }, testInfo) => {
    const signedIn = await request.post('/api/auth/signIn', { data: organiser });
    const token = (await signedIn.json()).data.accessToken as string;
    const event = await publishedEvent(request, token, `Pocket Night ${unique()}`, [{ name: 'Entry', price: 0, capacity: 50 }]);
    const buyer = await confirmedAccount(request, {
      firstName: 'Pia',
      lastName: 'Pocket',
      email: `pocket.${unique()}.${testInfo.project.name}@example.test`,
      password: testPassword,
      dateOfBirth: Math.floor(Date.UTC(1991, 2, 3) / 1000),
      userType: 'attendee',
    });

    const profile = mkdtempSync(join(tmpdir(), 'admit-pocket-'));
    let context = await phone(profile, baseURL as string);
    try {
      let page = context.pages()[0] ?? (await context.newPage());
      await signInAt(page, buyer.email, `/event/${event.id}`);
      const panel = page.getByRole('region', { name: 'Tickets' });
      await panel.getByRole('button', { name: 'Add one Entry ticket' }).click();
      await panel.getByRole('button', { name: /^Continue with 1 ticket/ }).click();
      await page.getByRole('button', { name: 'Book now' }).click();
      await expect(page).toHaveURL(/\/payment\/order-success\?orderId=/);
      await expect(page.getByRole('img', { name: 'QR code of ticket 1 of 1, Entry, Pia Pocket' })).toBeVisible();
      await expect(page.getByText(`Your ticket is below and on its way to ${buyer.email}.`)).toBeVisible();
      await workerInControl(page);

      // No signal at the venue: My tickets was never opened, online or offline.
      await context.setOffline(true);
      await page.goto('/account/bookings');
      await waitForHydration(page);
      const booking = page.getByRole('article', { name: event.title });
      await expect(booking.getByRole('img', { name: 'QR code of ticket 1 of 1, Entry, Pia Pocket' })).toBeVisible();
      await expect(booking.getByText('Saved on this device')).toBeVisible();
      await expect(page.getByText('You’re offline')).toHaveCount(0);

      // The phone closes the browser; opened again, still offline, straight onto My tickets (the shortcut).
      await context.close();
      context = await phone(profile, baseURL as string);
      await context.setOffline(true);
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/account/bookings');
      await waitForHydration(page);
      await expect(
        page
          .getByRole('article', { name: event.title })
          .getByRole('img', { name: 'QR code of ticket 1 of 1, Entry, Pia Pocket' }),
      ).toBeVisible();
      // The manifest's start address opens too.
      await page.goto('/?source=pwa');
      await waitForHydration(page);
      await expect(page.getByRole('link', { name: 'Admit', exact: false }).first()).toBeVisible();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
