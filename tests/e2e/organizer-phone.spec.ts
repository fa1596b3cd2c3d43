import { join } from 'node:path';
import { signIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { openOnPhone, phoneShotName } from './phone-check.ts';

// The organiser's flows run on the desktop (team, verification, payouts, reports); this is their pages' phone check,
// run on the Pixel 7 only (playwright.config.ts).
// The door, the dashboard and event editing run their whole flows on the Pixel 7 too.
const owner = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };
const shots = process.env.ADMIT_ORGANIZER_SHOTS;

test('each organiser page fits a phone, with its title, and nothing scrolls sideways', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await signIn(page, owner.email, owner.password, '/organizer/dashboard');
  for (const [path, heading] of [
    ['/organizer/dashboard', 'Dashboard'],
    ['/organizer/events', 'Events'],
    ['/organizer/payments', 'Payments'],
    ['/organizer/payouts', 'Payouts'],
    ['/organizer/reports', 'Reports'],
    ['/organizer/settings', 'Settings'],
    ['/organizer-kyc', 'Verify your organisation'],
    ['/kyc-status', 'Verification status'],
  ] as const) {
    await openOnPhone(page, path, heading);
    if (shots) await page.screenshot({ path: join(shots, `${phoneShotName(path)}.png`), fullPage: true });
  }
  expect(consoleErrors).toEqual([]);
});
