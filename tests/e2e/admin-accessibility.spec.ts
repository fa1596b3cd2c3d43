import { fullAdmin, shoot, signInAs } from './admin-pages.ts';
import { seriousViolations } from './axe.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

/** Every admin page, and a page of one of each kind of object, reached as an administrator reaches them. */
const listPages = [
  ['/admin', 'Admin'],
  ['/admin/users', 'Users'],
  ['/admin/organisers', 'Organisers'],
  ['/admin/user-groups', 'User groups'],
  ['/admin/cases', 'Cases'],
  ['/admin/saved-replies', 'Saved replies'],
  ['/admin/help-articles', 'Help articles'],
] as const;

test('every admin page has no serious accessibility finding on a 1440 px desktop', async ({ page, consoleErrors }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'The admin console is desktop first; the phone checks are with each page.');
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, fullAdmin, '/admin');
  for (const [path, heading] of listPages) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  expect(consoleErrors).toEqual([]);
});

test('an account, an organiser, its team and a user group have no serious accessibility finding on a 1440 px desktop', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'The admin console is desktop first; the phone checks are with each page.');
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, fullAdmin, '/admin');
  const opened: [string, string, RegExp][] = [
    ['/admin/users?q=alex%40admit.demo', 'table a', /\/admin\/users\?user=/],
    ['/admin/organisers', 'table a', /\/admin\/organisers\/[0-9a-f-]{36}$/],
    ['/admin/user-groups', 'table a', /\/admin\/user-groups\/[0-9a-f-]{36}$/],
  ];
  for (const [list, link, url] of opened) {
    await page.goto(list);
    await waitForHydration(page);
    await page.locator(`main ${link}`).first().click();
    await expect(page).toHaveURL(url);
    await waitForHydration(page);
    expect(await seriousViolations(page), page.url()).toEqual([]);
    await shoot(page, `desktop-axe-${new URL(page.url()).pathname.split('/')[2]}`);
  }
  // An organiser's team.
  await page.goto('/admin/organisers');
  await waitForHydration(page);
  await page.locator('main table a').first().click();
  await expect(page).toHaveURL(/\/admin\/organisers\/[0-9a-f-]{36}$/);
  await page.goto(`${new URL(page.url()).pathname}/team`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page), 'team').toEqual([]);
  expect(consoleErrors).toEqual([]);
});
