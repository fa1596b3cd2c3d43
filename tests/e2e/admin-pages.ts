import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { signIn } from './accounts.ts';

/** The demo administrators (README): one with every permission, one with a narrower group. */
export const demoPassword = 'admit-demo-2026';
export const fullAdmin = 'admin@admit.demo';
export const supportAdmin = 'kit@admit.demo';

export const unique = () => crypto.randomUUID().slice(0, 8);

/** Signs a demo administrator in and lands on `path`, hydrated. */
export async function signInAs(page: Page, email: string, path: string): Promise<void> {
  await signIn(page, email, demoPassword, path);
}

/** ADMIT_ADMIN_SHOTS=dir keeps a full-page screenshot of each admin page the tests open. */
export const shoot = async (page: Page, name: string) => {
  const shots = process.env.ADMIT_ADMIN_SHOTS;
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};
