import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { confirmedAccount, signIn, signInAt, testPassword } from './accounts.ts';
import { checkout, payInSandbox } from './checkout.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

const demoPassword = 'admit-demo-2026';
const shots = process.env.ADMIT_KYC_SHOTS;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Subjects of the mail the SMTP peer received for `email`. */
const subjectsTo = (email: string) =>
  readFileSync(process.env.ADMIT_E2E_MAIL_FILE as string, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; raw: string })
    .filter((message) => message.to.toLowerCase() === email.toLowerCase())
    .map((message) => /^Subject: (.*)$/im.exec(message.raw)?.[1] ?? '');

const shoot = async (page: Page, project: string, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${project}-${name}.png`), fullPage: true });
};

test.describe('organiser verification', () => {
  test('an unverified owner sends their verification, an administrator approves it, and the owner publishes and sells a paid ticket', async ({
    page,
    browser,
    consoleErrors,
  }, testInfo) => {
    // Three people's browsers, a document upload and a payment: minutes on a busy machine.
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const id = `${crypto.randomUUID().slice(0, 8)}.${project}`;
    const owner = await confirmedAccount(page.request, {
      firstName: 'Olu',
      lastName: 'Owner',
      email: `kyc.${id}@example.test`,
      dateOfBirth: Math.floor(Date.UTC(1985, 2, 1) / 1000),
      userType: 'organiser',
      organizationName: `Quayside Sounds ${id.slice(0, 8)}`,
    });

    // The dashboard's setup steps lead to verification.
    await signInAt(page, owner.email, '/organizer/dashboard');
    await expect(page.getByRole('heading', { name: 'Get ready to sell' })).toBeVisible();
    await shoot(page, project, 'dashboard-setup');
    await page.getByRole('link', { name: 'Verify your organisation' }).click();
    await expect(page).toHaveURL('/organizer-kyc');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your organisation' })).toBeVisible();
    await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
    await shoot(page, project, 'organizer-kyc-start');

    await page.locator('#field-legalName').fill('Olu Owner');
    await page.locator('#field-addressLine').fill('4 Harbour Row');
    await page.locator('#field-city').fill('Bristol');
    await page.locator('#field-postalCode').fill('BS1 4RN');
    await page.locator('#field-representativeDateOfBirth').fill('1985-03-01');
    await page.locator('#field-taxId').fill('000000000');
    await page.locator('#field-accountHolder').fill('Olu Owner');
    await page.locator('#field-sortCode').fill('10-88-00');
    await page.locator('#field-accountNumber').fill('00012345');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details are saved.')).toBeVisible();
    await expect(page.getByText(/account ending 2345/)).toBeVisible();

    await page.locator('#field-document').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload document' }).click();
    await expect(page.getByRole('button', { name: 'Download passport.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByText('Under review', { exact: true })).toBeVisible();
    await shoot(page, project, 'organizer-kyc-sent');

    await page.goto('/kyc-status');
    await waitForHydration(page);
    await expect(page.getByText(/We are reviewing what you sent/)).toBeVisible();
    await shoot(page, project, 'kyc-status-pending');
    // Stripe's return and refresh pages say plainly that payments run in the sandbox here (the API's 409 each time).
    const before = consoleErrors.length;
    for (const path of ['/organizer/account/success', '/organizer/account/failure']) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByText('Payments run in the sandbox here: verify on the verification page instead.')).toBeVisible();
      await shoot(page, project, path.split('/').at(-1) as string);
    }
    expect(consoleErrors.splice(before)).toEqual(Array(2).fill(expect.stringContaining('status of 409 (Conflict)')));

    // An administrator finds the organiser by name and approves it.
    // The administrator works at a 1440 px desktop.
    const adminContext = await browser.newContext({
      ...(testInfo.project.use as object),
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 1440, height: 900 },
    });
    const admin = await adminContext.newPage();
    await admin.goto(`/sign-in?redirect=${encodeURIComponent('/admin/organisers?status=pending')}`);
    await waitForHydration(admin);
    await admin.locator('#field-email').fill('admin@admit.demo');
    await admin.locator('#field-password').fill(demoPassword);
    await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Organisers' })).toBeVisible();
    await waitForHydration(admin);
    await admin.getByLabel('Search organisers').fill(`Quayside Sounds ${id.slice(0, 8)}`);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByRole('link', { name: `Quayside Sounds ${id.slice(0, 8)}` })).toBeVisible();
    await shoot(admin, project, 'admin-organisers');
    await admin.getByRole('link', { name: `Quayside Sounds ${id.slice(0, 8)}` }).click();
    await expect(admin.getByRole('heading', { level: 1, name: `Quayside Sounds ${id.slice(0, 8)}` })).toBeVisible();
    await waitForHydration(admin);
    await expect(admin.getByRole('button', { name: 'Download passport.pdf' })).toBeVisible();
    await shoot(admin, project, 'admin-organiser-pending');
    await admin.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Verified, with payouts enabled: paid tickets can be sold.')).toBeVisible();
    await expect(admin.getByText('Approved (pending → verified)')).toBeVisible();
    await shoot(admin, project, 'admin-organiser-verified');
    await admin.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(admin.getByRole('heading', { level: 1, name: /: team$/ })).toBeVisible();
    await expect(admin.getByRole('button', { name: `Remove ${owner.email}` })).toBeVisible();
    await shoot(admin, project, 'admin-organiser-team');
    await adminContext.close();

    // The decision reached the owner by mail.
    await expect
      .poll(() => subjectsTo(owner.email).some((subject) => subject.includes('is verified')), { timeout: 15_000 })
      .toBe(true);

    // The owner now sees it verified, and a paid event publishes.
    await page.goto('/kyc-status');
    await waitForHydration(page);
    await expect(page.getByText('Verified, with payouts enabled: paid tickets can be sold.')).toBeVisible();
    await shoot(page, project, 'kyc-status-verified');
    // A fresh token: the tests' access tokens live 20 seconds.
    const signedIn = await page.request.post('/api/auth/signIn', { data: { email: owner.email, password: testPassword } });
    const token = (await signedIn.json()).data.accessToken as string;
    const event = await publishedEvent(page.request, token, `Paid night ${id}`, [
      { name: 'Standard', price: 1500, capacity: 50 },
    ]);
    expect(event.status).toBe('published');

    // A guest, on a phone of their own, buys a paid ticket to it with the test card.
    const buyerContext = await browser.newContext({ ...(testInfo.project.use as object), baseURL: testInfo.project.use.baseURL });
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/event/${event.id}`);
    await waitForHydration(buyer);
    await checkout(buyer, 'Standard', 1, { name: 'Gil Guest', email: `guest.${id}@example.test` });
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await payInSandbox(buyer, '4242 4242 4242 4242', 'Gil Guest');
    await expect(buyer).toHaveURL(/\/payment\/order-success\?orderId=/, { timeout: 20_000 });
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(`You’re going to Paid night ${id}`);
    await expect(buyer.getByRole('img', { name: /^QR code of ticket 1 of 1, Standard, Gil Guest$/ })).toBeVisible();
    await buyerContext.close();

    // The owner finds the sale among their payments.
    await page.goto(`/organizer/payments?eventId=${event.id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(page.getByRole('link').filter({ hasText: 'Gil Guest' })).toContainText('TEST');
    await shoot(page, project, 'organizer-first-sale');
    expect(consoleErrors).toEqual([]);
  });

  test('a door member is told verification is the owners’ work', async ({ page, consoleErrors }, testInfo) => {
    await signIn(page, 'door@harbourarts.demo', demoPassword, '/organizer-kyc');
    await expect(page.getByRole('heading', { name: /^Only owners verify/ })).toBeVisible();
    await shoot(page, testInfo.project.name, 'organizer-kyc-door');
    expect(consoleErrors).toEqual([]);
  });
});
