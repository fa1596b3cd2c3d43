import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** Screenshots of the help desk's pages go to ADMIT_HELP_SHOTS when set, else beside the test's own output. */
export const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({
    path: process.env.ADMIT_HELP_SHOTS
      ? join(process.env.ADMIT_HELP_SHOTS, `${testInfo.project.name}-${name}.png`)
      : testInfo.outputPath(`${name}.png`),
    fullPage: true,
  });
