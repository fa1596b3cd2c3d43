import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe-core's browser build, read once per worker. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeWindow {
  axe: {
    run(
      context: Document,
      options: { resultTypes: string[] },
    ): Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }>;
  };
}

/**
 * axe's serious and critical findings on the page as it stands, one line each. axe runs in the page itself, loaded once
 * per document: the page has no frames to gather from, so the Playwright builder's extra blank page per check (its
 * cross-frame mode) and its load of axe on every check would only cost time.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as AxeWindow;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`);
  });
}
