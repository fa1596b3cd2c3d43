import type { Browser, Page } from '@playwright/test';
import { png1x1 } from '../fixtures/images.ts';
import { fullAdmin, signInAs } from './admin-pages.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { shot } from './help-pages.ts';
import { caseLinkFromMail, codeFromMail, mailText } from './mailbox.ts';

test('a misspelt search finds the answer, which says whether it helped', async ({ page, consoleErrors }, testInfo) => {
  // Public answers are kept on the device for reading offline (decision 025); the case pages never are.
  expect((await page.goto('/help-desk'))?.headers()['x-admit-keepable']).toBe('1');
  await waitForHydration(page);
  await page.getByLabel('Search the help desk').fill('refnd');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/help-desk\?q=refnd$/);
  await expect(page.getByRole('heading', { name: 'Answers for “refnd”' })).toBeVisible();
  await shot(page, testInfo, 'search-refnd');

  await page
    .getByRole('link', { name: /Can I get a refund\?/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Can I get a refund?' })).toBeVisible();
  await expect.poll(() => page.locator('script[type="application/ld+json"]').textContent()).toContain('"@type":"FAQPage"');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Thank you — glad it helped.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Related answers' })).toBeVisible();
  expect((await page.request.get('/faqs/booking-fee')).headers()['x-admit-keepable']).toBe('1');
  expect((await page.request.get('/help-desk/raise-case')).headers()['x-admit-keepable']).toBeUndefined();
  await shot(page, testInfo, 'faq-refund-policy');
  expect(consoleErrors).toEqual([]);
});

test.describe('with the service worker', () => {
  // Answers read offline come from what the worker kept.
  test.use({ serviceWorkers: 'allow' });

  test('the help desk and an answer visited once read offline', async ({ page, context }) => {
    await page.goto('/help-desk');
    await waitForHydration(page);
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/faqs/tickets-offline');
    await waitForHydration(page);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(title.length).toBeGreaterThan(3);

    await context.setOffline(true);
    await page.goto('/faqs/tickets-offline');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('fatal-error')).toHaveCount(0);
    await page.goto('/help-desk');
    await expect(page.getByLabel('Search the help desk')).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await context.setOffline(false);
  });
});

test('an organiser raising a case is offered their organisation’s events', async ({ page }, testInfo) => {
  await page.goto(`/sign-in?redirect=${encodeURIComponent('/help-desk/raise-case')}`);
  await waitForHydration(page);
  await page.locator('#field-email').fill('sam@harbourarts.demo');
  await page.locator('#field-password').fill('admit-demo-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/help-desk\/raise-case$/);
  await waitForHydration(page);
  const events = page.getByLabel('Which of your events? (optional)');
  await expect(events).toBeVisible();
  expect(await events.locator('option').count()).toBeGreaterThan(1);
  await expect(events.locator('option').nth(1)).toContainText('Harbour');
  await shot(page, testInfo, 'raise-case-organiser');
});

async function agentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.7` },
  });
  const page = await context.newPage();
  await signInAs(page, fullAdmin, '/admin/cases?queue=unassigned');
  return page;
}

test('a guest raises a case, proves their email with the mailed code, sees the agent’s reply but never the note or the agents’ file, and reopens the resolved case by replying', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `guest.${testInfo.project.name}.${Date.now()}@example.test`;
  const subject = `Refund for a cancelled gig ${Date.now()}`;

  // From an answer, with its category filled in.
  await page.goto('/faqs/refund-policy');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Raise a case' }).click();
  await expect(page).toHaveURL(/\/help-desk\/raise-case\?category=payments-and-refunds/);
  await waitForHydration(page);
  await expect(page.getByLabel('What is it about?')).toHaveValue('payments-and-refunds');
  await page.getByRole('button', { name: 'Raise case' }).click();
  await expect(page.getByText('Give your case a short subject.')).toBeVisible();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Describe what happened').fill('The gig was cancelled last week and my refund has not arrived.');
  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Files (optional)').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png1x1 });
  // The trap for form-filling programs is in the form, but a person never sees, reaches or hears it.
  await expect(page.locator('input[name="website"]')).toBeAttached();
  await expect(page.locator('input[name="website"]')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Raise case' }).click();
  await expect(page.getByText('Check your email.')).toBeVisible();
  const reference = (await page.locator('strong', { hasText: /^HD-/ }).textContent()) ?? '';
  expect(reference).toMatch(/^HD-/);
  await shot(page, testInfo, 'raise-case-sent');

  // The mailed code, entered where the case was raised, proves the address and opens the case.
  const code = await codeFromMail(email, 1);
  await page.getByLabel('Code from the email').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm and open my case' }).click();
  await expect(page.getByText('That code is not right or has expired.')).toBeVisible();
  await shot(page, testInfo, 'raise-case-wrong-code');
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Confirm and open my case' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId('case-state')).toHaveText('New');
  await expect(page).toHaveURL(/case-details\?case=/);
  // The file chosen with the case is attached; a file renamed to look like an image is refused.
  await expect(page.getByText('screenshot.png')).toBeVisible();
  await waitForHydration(page);
  await page
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('MZ not a picture') });
  await expect(page.getByText('This file is neither, whatever its name says.')).toBeVisible();
  await shot(page, testInfo, 'case-details-new');

  // The agent, at a desk, adds a note and replies.
  const agent = await agentPage(browser);
  await expect(agent.getByRole('link', { name: subject })).toBeVisible();
  await shot(agent, testInfo, 'agent-queue');
  await agent.getByRole('link', { name: subject }).click();
  await expect(agent.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await waitForHydration(agent);
  // The guest's file, downloaded through its short-lived link.
  const downloading = agent.waitForEvent('download');
  await agent.getByRole('listitem').filter({ hasText: 'screenshot.png' }).getByRole('button', { name: 'Download' }).click();
  expect((await downloading).suggestedFilename()).toBe('screenshot.png');
  // A file kept among the agents.
  await agent.getByLabel('Agents only (never shown or sent to the customer)').check();
  await agent.getByLabel('Attach a file').setInputFiles({ name: 'provider-log.png', mimeType: 'image/png', buffer: png1x1 });
  await expect(agent.getByText('provider-log.png is attached.')).toBeVisible();
  await expect(
    agent
      .getByRole('listitem')
      .filter({ hasText: 'provider-log.png' })
      .filter({ has: agent.getByRole('button', { name: 'Download' }) }),
  ).toContainText('Agents only');
  await expect(agent.getByText('attached an agents-only file')).toBeVisible();
  await agent.getByRole('button', { name: 'Assign to me' }).click();
  await expect(agent.getByText('Assigned to:')).not.toContainText('nobody');
  await agent.getByLabel('Internal note (agents only)').check();
  await agent.getByLabel('Internal note', { exact: true }).fill('Provider shows the refund as queued.');
  await agent.getByRole('button', { name: 'Add note' }).click();
  await expect(agent.getByText('Internal note added.')).toBeVisible();
  await agent.getByLabel('Public reply (emailed to the customer)').check();
  await agent.getByLabel('Reply', { exact: true }).fill('Your refund is on its way and should arrive within 5 working days.');
  await agent.getByRole('button', { name: 'Send reply' }).click();
  await expect(agent.getByText('Reply sent to the customer.')).toBeVisible();
  await expect(agent.getByLabel('State')).toHaveValue('pending');
  await shot(agent, testInfo, 'agent-case');

  // The guest's mail quotes the reply and never the note; its own link opens the case.
  const replyMail = await mailText(email, 2);
  expect(replyMail).toContain('Your refund is on its way');
  expect(replyMail).not.toContain('queued');
  const replyLink = await caseLinkFromMail(email, 2);
  await page.goto(replyLink);
  await expect(page.getByText('Your refund is on its way')).toBeVisible();
  await expect(page.getByText('Provider shows the refund as queued.')).toHaveCount(0);
  await expect(page.getByText('screenshot.png')).toBeVisible();
  await expect(page.getByText('provider-log.png')).toHaveCount(0);
  await expect(page.getByTestId('case-state')).toHaveText('Waiting on you');
  await waitForHydration(page);
  await page.getByLabel('Your reply').fill('Thank you, I will keep an eye out.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByTestId('case-state')).toHaveText('Open');
  await shot(page, testInfo, 'case-details-replied');
  const casePage = page.url();
  expect(casePage).toMatch(/\/help-desk\/case-details\?case=/);

  // The agent sees the guest's answer and resolves the case.
  await agent.reload();
  await waitForHydration(agent);
  await expect(agent.getByText('Thank you, I will keep an eye out.')).toBeVisible();
  await expect(agent.getByLabel('State')).toHaveValue('open');
  await agent.getByLabel('State').selectOption('resolved');
  await expect(agent.getByLabel('State')).toHaveValue('resolved');
  await agent.reload();
  await expect(agent.getByLabel('State')).toHaveValue('resolved');

  // A later reply from the guest, within 14 days, reopens it.
  await page.goto(casePage);
  await expect(page.getByTestId('case-state')).toHaveText('Resolved');
  await waitForHydration(page);
  await page.getByLabel('Your reply').fill('It still has not arrived, sorry.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByTestId('case-state')).toHaveText('Open');
  await expect(page.getByText('It still has not arrived, sorry.')).toBeVisible();
  await shot(page, testInfo, 'case-details-reopened');
  await agent.reload();
  await expect(agent.getByLabel('State')).toHaveValue('open');

  // That link was used: it opens nothing now.
  await page.goto(replyLink);
  await expect(page.getByText('expired or has already been used')).toBeVisible();

  // Check a case answers alike for the real reference and a made-up one.
  const answers: string[] = [];
  for (const asked of [reference, 'HD-0000-0000-0000']) {
    await page.goto('/help-desk/check-status');
    await waitForHydration(page);
    await page.getByLabel('Case reference').fill(asked);
    await page.getByLabel('Email you raised it with').fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const status = page.getByRole('status').filter({ hasText: 'If a case with that reference exists' });
    await expect(status).toBeVisible();
    answers.push((await status.textContent()) ?? '');
  }
  expect(answers[0]).toBe(answers[1]);
  await shot(page, testInfo, 'check-status');
  await agent.context().close();
});

test('the status and raise forms check what was typed with schemas they load after the page, and send nothing', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  await page.goto('/help-desk/check-status');
  await waitForHydration(page);
  const send = page.getByRole('button', { name: 'Email me a link' });
  await send.click();
  await expect(page.getByText('A case reference looks like HD-ABCD-EFGH-JKLM.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Case reference')).toBeFocused();
  await page.getByLabel('Case reference').fill('hd-abcd-efgh-jklm');
  await page.getByLabel('Email you raised it with').fill('not an address');
  await send.click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('A case reference looks like HD-ABCD-EFGH-JKLM.')).toHaveCount(0);

  // A guest raising a case without their name or email is told what each is for.
  await page.goto('/help-desk/raise-case');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Raise case' }).click();
  await expect(page.getByText('Give your case a short subject.')).toBeVisible();
  await expect(page.getByText('Tell us your name.')).toBeVisible();
  await expect(page.getByText('Enter the email address we should answer.')).toBeVisible();
  await page.getByLabel('Your email').fill('not an address');
  await page.getByRole('button', { name: 'Raise case' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  expect(calls).toEqual([]);
});
