import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, headlessShellPath } from './tests/fixtures/chromium.ts';
import { freePort } from './tests/fixtures/free-port.ts';
import { databaseUrl, recreateDatabase } from './tests/fixtures/postgres-admin.ts';

// Chosen once in the main process; workers inherit it through the environment.
process.env.ADMIT_E2E_PORT ??= String(await freePort());
process.env.ADMIT_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'admit-e2e-'));
process.env.ADMIT_E2E_SMTP_PORT ??= String(await freePort());
process.env.ADMIT_E2E_MAIL_FILE ??= join(process.env.ADMIT_E2E_DATA, 'mail.jsonl');
// With PostgreSQL at hand (CI), the suite's server keeps its data in a new database there, as a deployment does: its
// queries run beside the server, not on its one thread as the embedded database's do, so the browsers' steps wait less
// (decision 073). The specs that start a server of their own (own-server.ts) still start a local instance's embedded one.
if (process.env.TEST_DATABASE_URL && !process.env.ADMIT_E2E_DATABASE) {
  process.env.ADMIT_E2E_DATABASE = `admit_e2e_${process.pid}_${Date.now().toString(36)}`;
  await recreateDatabase(process.env.ADMIT_E2E_DATABASE);
}
const database: Record<string, string> = process.env.ADMIT_E2E_DATABASE
  ? { DATABASE_URL: databaseUrl(process.env.ADMIT_E2E_DATABASE), DEPLOYMENT: 'local', DEMO_DATA: '1' }
  : {};
const port = Number(process.env.ADMIT_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

// The headless shell; the specs that need the whole browser (the camera, Background Sync) launch Chromium (075).
const launchOptions = { executablePath: headlessShellPath, args: chromiumArgs };

// Each flow runs on the device where what it shows can differ; nothing runs twice to see the same thing.
// - Offline and installability need one browser. The back office's flows (team, verification, payouts, reports,
//   the help desk's agents, organisers' events) and what no screen changes (error pages, the guard on leaving
//   Admit, a newcomer's sign-up on a local instance) run on the desktop; each back-office page is checked on the
//   phone (organizer-phone.spec.ts, and the admin specs' phone tests).
// - The flows people go through on a phone (signing up and in, the help desk, a guest's return to it, the door, the
//   offline app, a shared phone's sign-out, the controls' widths) run on the Pixel 7; buying, events and bookmarks on
//   the Pixel 7 and the desktop, whose layouts differ.
// - The iPhone 13 (Blink with an iPhone's narrower screen) checks rendering and layout alone: its layout is the
//   Pixel 7's (both under Tailwind's 640 px `sm`), so axe, run on the desktop and the Pixel 7, is not run again there.
// A file that runs on one device is listed below; a test of a file that runs on both, for one, is tagged: `@desktop`
// (an admin or organiser flow, a download, what no screen changes) or `@phone` (a phone check of a back-office page,
// what a device keeps, a hold that lapses). Both are left out of the other project here, not skipped as they run, so
// they cost nothing there.
const desktopOnly = [
  '**/pwa.spec.ts',
  '**/team.spec.ts',
  '**/verification.spec.ts',
  '**/payouts.spec.ts',
  '**/reports.spec.ts',
  '**/help-desk-articles.spec.ts',
  '**/help-desk-saved-replies.spec.ts',
  '**/admin-accessibility.spec.ts',
  '**/errors.spec.ts',
  '**/organizer.spec.ts',
  '**/leaving-admit.spec.ts',
  '**/newcomer.spec.ts',
];
const onIphone = ['**/rendering.spec.ts'];
// The phone check of the back office's pages, and flows whose screens are a phone's.
const phoneOnly = [
  '**/organizer-phone.spec.ts',
  '**/auth.spec.ts',
  '**/help-desk.spec.ts',
  '**/help-desk-guest-return.spec.ts',
  '**/door.spec.ts',
  '**/offline-door.spec.ts',
  '**/offline-pocket.spec.ts',
  '**/offline-chunks.spec.ts',
  '**/offline-toast.spec.ts',
  '**/controls-fit.spec.ts',
  '**/shared-device.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a test that passes only on its second try is a defect to fix, not to hide (issue 36).
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Budgets that catch a hang, not a slow machine: two browsers, the server and its database share two cores here, and
  // a step that takes 3 s on a quiet host takes 10 s on a busy one. No test asserts how fast anything is (npm run bench does).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // A new browser context with the service worker would precache the whole build (about 250 files) before anything
  // else: only the specs about the worker, offline use and installing let it register (`test.use({ serviceWorkers:
  // 'allow' })`), so every other test pays for what it tests.
  // A failed test keeps its trace: each step's DOM snapshot, network and console. Not the screencast: Chromium encoding
  // a frame at every paint of every test took a fifth of the suite's time here (decision 074).
  use: { baseURL, launchOptions, trace: { mode: 'retain-on-failure', screenshots: false }, serviceWorkers: 'block' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, testIgnore: phoneOnly, grepInvert: /@phone\b/ },
    { name: 'pixel-7', use: { ...devices['Pixel 7'], launchOptions }, testIgnore: desktopOnly, grepInvert: /@desktop\b/ },
    {
      name: 'iphone-13',
      use: { ...devices['iPhone 13'], browserName: 'chromium', launchOptions },
      testMatch: onIphone,
      grepInvert: /@axe\b|@desktop\b/,
    },
  ],
  webServer: {
    // The built server, as `npm start` runs it (decision 065).
    command: 'node dist/node/main.js',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    // Its log is set to warnings (LOG_LEVEL below): a mail the server could not hand over shows beside a failed test.
    stdout: 'pipe',
    // A fresh embedded database takes seconds to create, more on a busy machine.
    timeout: 150_000,
    env: {
      NODE_ENV: 'production',
      // The suite's server spends its CPU on speed, as a deployment does; a newcomer's saves memory (decision 065).
      OPTIMIZE_FOR: 'speed',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.ADMIT_E2E_DATA,
      ...database,
      // Links in mail lead back to the address the tests browse.
      PUBLIC_APP_URL: baseURL,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.ADMIT_E2E_SMTP_PORT}`,
      // Short-lived access tokens, so the tests see them renewed.
      ACCESS_TOKEN_TTL_SECONDS: '20',
      // Each test sends its own X-Forwarded-For (tests/e2e/fixtures.ts): every test is another phone,
      // so per-address limits see many people, as in real use, not one address doing everything.
      TRUST_PROXY: '127.0.0.1',
      // Short holds, so a test can watch one lapse (tests/e2e/booking.spec.ts).
      ORDER_HOLD_SECONDS: '40',
      // Two browsers share two cores with this server, whose embedded database runs on its one thread: stalls the
      // product would refuse as overload (decision 051) are this machine's normal here, so nothing is refused.
      // Shedding itself is tested in tests/api/web-tier-answers.test.ts.
      OVERLOAD_SHEDDING: '0',
      // A visitor without cookies sees what the tests changed a moment ago, not a copy kept from another test (056).
      PAGE_KEEP_SECONDS: '0',
    },
  },
});
