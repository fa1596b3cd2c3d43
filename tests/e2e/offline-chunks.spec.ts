import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { freePort } from '../fixtures/free-port.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

// What the service worker does with route chunks.
test.use({ serviceWorkers: 'allow' });

// Route chunks on a bad connection and across a deploy (issue 15): the service worker retries a chunk the network
// fails, and keeps the code of the build an open page runs after a new build replaces it on the server.

const run = promisify(execFile);

/** The built file of a page module, from the client build's manifest. */
function chunkOf(distDir: string, module: string): string {
  const manifest = JSON.parse(readFileSync(join(distDir, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[module];
  if (!entry) throw new Error(`${module} is not in the build`);
  return entry.file;
}

/** Waits until the service worker controls the page (it claims pages as soon as it activates). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** A mark that survives client navigation and disappears on a reload. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __admitSamePage: true }));
const samePage = (page: Page) => page.evaluate(() => (window as { __admitSamePage?: boolean }).__admitSamePage === true);

// The offline app is checked on a phone: this file runs on the Pixel 7 alone (playwright.config.ts).
test.describe('route chunks', () => {
  test.setTimeout(120_000);

  test('a route chunk that fails twice on the network and then arrives loads without a reload', async ({ page, context }) => {
    const chunk = chunkOf('dist', 'src/app/routes/public/about-us.tsx');
    await page.goto('/');
    await waitForHydration(page);
    await controlled(page);
    // This device lost its stored copy (storage pressure, an interrupted install): the worker must use the network.
    const removed = await page.evaluate(async (file) => {
      let count = 0;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) if (request.url.includes(file)) count += Number(await cache.delete(request));
      }
      return count;
    }, chunk);
    expect(removed).toBeGreaterThan(0);

    let tries = 0;
    await context.route(`**/${chunk}`, async (route) => {
      tries += 1;
      if (tries <= 2) await route.abort('connectionreset');
      else await route.continue();
    });
    await markPage(page);
    await page.getByRole('link', { name: 'About us' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
    expect(tries).toBe(3);
    expect(await samePage(page)).toBe(true);
  });

  test.describe('across a deploy', () => {
    let server: OwnServer | undefined;
    let releases = '';
    let dataDir = '';
    let origin = '';
    let port = 0;

    const start = async (dist: string) => {
      server = await startOwnServer({ port, dataDir, env: { DIST_DIR: dist, DEMO_DATA: '0' } });
    };
    const stop = async () => {
      await server?.stop();
      server = undefined;
    };

    test.beforeAll(async () => {
      mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
      port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      dataDir = mkdtempSync(join(tmpdir(), 'admit-deploy-data-'));
      // Inside the project, as a release directory would be: the server bundle resolves its packages from here.
      releases = mkdtempSync(join(process.cwd(), 'test-results', 'releases-'));
      // The release running now: the suite's build.
      cpSync('dist', join(releases, 'one'), { recursive: true });
    });
    test.afterAll(async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(releases, { recursive: true, force: true });
    });

    test('after a new build is deployed, a page of the old build still navigates to a lazy route', async ({ page }) => {
      await start(join(releases, 'one'));
      await page.goto(`${origin}/`);
      await waitForHydration(page);
      await controlled(page);
      const oldChunk = chunkOf(join(releases, 'one'), 'src/app/routes/public/about-us.tsx');

      // A new release, built with another build id: every chunk that imports the entry has a new name. The
      // server now serves only it; the old release's files are gone.
      const two = join(releases, 'two');
      await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', join(two, 'client'), '--emptyOutDir'], {
        env: { ...process.env, ADMIT_BUILD_ID: `release-two-${Date.now()}` },
      });
      cpSync(join(releases, 'one', 'server'), join(two, 'server'), { recursive: true });
      expect(chunkOf(two, 'src/app/routes/public/about-us.tsx')).not.toBe(oldChunk);
      await stop();
      await start(two);
      expect((await fetch(`${origin}/${oldChunk}`)).status).toBe(404);
      // Nor does the browser's HTTP cache still hold them (it may not, on a phone short of space).
      await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');

      // The new worker installs and takes over (another tab accepted the update); the old page stays open.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        await registration.update();
        const next = registration.installing ?? registration.waiting;
        if (!next) throw new Error('No new service worker was found');
        await new Promise<void>((resolve) => {
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
          const activate = () => next.postMessage({ type: 'SKIP_WAITING' });
          if (next.state === 'installed') activate();
          next.addEventListener('statechange', () => next.state === 'installed' && activate());
        });
      });
      await markPage(page);
      await page.getByRole('link', { name: 'About us' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
      expect(await samePage(page)).toBe(true);
    });
  });
});
