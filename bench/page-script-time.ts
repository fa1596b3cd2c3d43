// Main-thread time a page costs before it is interactive, unthrottled: Chromium on this machine, a fresh context
// (no cache, service worker blocked) per run, DevTools' Performance.getMetrics once the page has loaded and
// hydrated (html[data-hydrated="true"], which Admit's root route and the floor both set).
import { type Browser, chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../tests/fixtures/chromium.ts';
import type { SessionCookie } from './page-session.ts';

export interface ScriptTime {
  /** Time spent running JavaScript (Performance.getMetrics ScriptDuration), ms. */
  scriptMs: number;
  /** Time the main thread was busy with tasks of any kind (TaskDuration), ms. */
  taskMs: number;
  /** From navigation start until the page marked itself hydrated, ms. */
  hydratedMs: number;
}

declare global {
  interface Window {
    __benchHydratedAt?: number;
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

export async function measureScriptTime(
  browser: Browser,
  baseUrl: string,
  path: string,
  cookies: SessionCookie[] = [],
): Promise<ScriptTime> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: baseUrl })));
    // Notes when the attribute appears, instead of when a poll first sees it.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.hydrated === 'true') {
          window.__benchHydratedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load', timeout: 60_000 });
    if (response?.status() !== 200) throw new Error(`GET ${path} answered ${response?.status()}`);
    if (new URL(page.url()).pathname !== path.split('?')[0]) throw new Error(`GET ${path} ended on ${page.url()}`);
    await page.waitForFunction(() => window.__benchHydratedAt !== undefined, undefined, { timeout: 60_000 });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => {
      const value = metrics.find((entry) => entry.name === name)?.value;
      if (value === undefined) throw new Error(`Performance.getMetrics has no ${name}`);
      return value;
    };
    const hydratedMs = await page.evaluate(() => window.__benchHydratedAt ?? Number.NaN);
    return { scriptMs: metric('ScriptDuration') * 1000, taskMs: metric('TaskDuration') * 1000, hydratedMs };
  } finally {
    await context.close();
  }
}
