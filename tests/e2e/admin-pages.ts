import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInThroughPage } from './accounts.ts';
import { waitForHydration } from './fixtures.ts';

/** The demo administrators (README): one with every permission, one with a narrower group. */
export const demoPassword = 'admit-demo-2026';
export const fullAdmin = 'admin@admit.demo';
export const supportAdmin = 'kit@admit.demo';

export const unique = () => crypto.randomUUID().slice(0, 8);

/** Signs a demo administrator in through the page and lands on `path`. */
export async function signInAs(page: Page, email: string, path: string): Promise<void> {
  await signInThroughPage(page, email, demoPassword, path);
  await waitForHydration(page);
}

/** ADMIT_ADMIN_SHOTS=dir keeps a full-page screenshot of each admin page the tests open. */
export const shoot = async (page: Page, name: string) => {
  const shots = process.env.ADMIT_ADMIN_SHOTS;
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

/** axe's serious and critical findings on the page as it stands, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`);
}
