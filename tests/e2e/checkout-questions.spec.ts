import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { confirmedAccount, signIn, signInAt, testPassword } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { checkout } from './checkout.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';
import { expectTextFits } from './text-fit.ts';

// Questions at checkout (decision 064): the organiser asks them on the event's questions page, a buyer on a phone
// answers them for the order and for each ticket, sees them on their booking, and the organiser reads them on the order.

// A verified demo organisation.
const organiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
const unique = () => randomUUID().slice(0, 6).toUpperCase();
/** ADMIT_SHOTS=dir keeps the screenshots a person looks at (phone checkout, the organiser's page). */
const shots = process.env.ADMIT_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

async function organiserToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/signIn', { data: organiser });
  expect(response.status()).toBe(200);
  return (await response.json()).data.accessToken as string;
}

/** Adds a question through the page's form. */
async function addQuestion(
  page: Page,
  question: { label: string; kind: string; scope: 'Once per order' | 'For each ticket'; required: boolean; options?: string[] },
) {
  await page.getByRole('button', { name: 'Add a question' }).click();
  const form = page.getByRole('form', { name: 'Add a question' });
  await form.getByLabel('Question', { exact: true }).fill(question.label);
  await form.getByLabel('Answer', { exact: true }).selectOption({ label: question.kind });
  for (const [index, option] of (question.options ?? []).entries()) {
    if (index >= 2) await form.getByRole('button', { name: 'Add an option' }).click();
    await form.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option);
  }
  await form.getByRole('radio', { name: question.scope }).check();
  if (question.required) await form.getByRole('checkbox', { name: 'Required' }).check();
  await form.getByRole('button', { name: 'Add the question' }).click();
  await expect(page.getByRole('table', { name: 'Questions, in the order buyers see them' })).toContainText(question.label);
}

test.describe('questions at checkout', () => {
  test('the organiser asks them, a buyer on a phone answers them and sees them on the booking, the organiser reads them @phone', async ({
    page,
    browser,
    request,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(150_000);
    const token = await organiserToken(request);
    const event = await publishedEvent(request, token, `Question Night ${unique()}`, [
      { name: 'Standard', price: 0, capacity: 50 },
    ]);

    // From the event's editor to its questions page.
    await signIn(page, organiser.email, organiser.password, `/organizer/events/${event.id}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Questions at checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Questions at checkout' })).toBeVisible();
    await waitForHydration(page);

    // A choice question without its options is refused under the field.
    await page.getByRole('button', { name: 'Add a question' }).click();
    const form = page.getByRole('form', { name: 'Add a question' });
    await form.getByLabel('Question', { exact: true }).fill('Dietary needs');
    await form.getByLabel('Answer', { exact: true }).selectOption({ label: 'One choice' });
    await form.getByRole('button', { name: 'Add the question' }).click();
    await expect(form.getByText('An option cannot be empty.').first()).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();

    await addQuestion(page, { label: 'Company', kind: 'Short text', scope: 'Once per order', required: false });
    await addQuestion(page, {
      label: 'Dietary needs',
      kind: 'One choice',
      scope: 'For each ticket',
      required: true,
      options: ['None', 'Vegetarian', 'Vegan'],
    });
    await addQuestion(page, {
      label: 'I accept the code of conduct',
      kind: 'Yes or no (a box to tick)',
      scope: 'Once per order',
      required: true,
    });
    // The code of conduct goes first: moved up twice.
    await page.getByRole('button', { name: 'Move “I accept the code of conduct” up' }).click();
    await page.getByRole('button', { name: 'Move “I accept the code of conduct” up' }).click();
    await expect(page.getByRole('button', { name: 'Move “I accept the code of conduct” up' })).toBeDisabled();
    await page.getByLabel('Buyers may correct answers until').fill('2035-06-01T18:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Buyers may correct their answers until 1 Jun 2035, 18:00.')).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    const rows = page.getByRole('table', { name: 'Questions, in the order buyers see them' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('I accept the code of conduct');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the questions page scrolls sideways').toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'organiser-questions-phone');

    // A buyer on another phone, signed in.
    const buyerAccount = await confirmedAccount(request, {
      firstName: 'Ada',
      lastName: 'Answer',
      email: `answer.${unique().toLowerCase()}@example.test`,
      password: testPassword,
      dateOfBirth: Math.floor(Date.UTC(1990, 4, 5) / 1000),
      userType: 'attendee',
    });
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
    const buyerContext = await browser.newContext({
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      baseURL: new URL(page.url()).origin,
      serviceWorkers: 'block',
    });
    const buyer = await buyerContext.newPage();
    await signInAt(buyer, buyerAccount.email, `/event/${event.id}`);
    await checkout(buyer, 'Standard', 2);
    const first = buyer.getByRole('group', { name: 'Standard — ticket 1' });
    const second = buyer.getByRole('group', { name: 'Standard — ticket 2' });
    await expect(second).toBeVisible();
    await buyer.getByLabel('Company (optional)').fill('Analytical Engines');
    await first.getByRole('radio', { name: 'Vegan' }).check();
    await second.getByLabel('Name on the ticket (optional)').fill('Cam Companion');
    await buyer.getByRole('button', { name: 'Book now' }).click();
    // The missing answers are said where they are; nothing typed is lost.
    await expect(buyer.getByText('Tick the box to go on.')).toBeVisible();
    await expect(second.getByText('Answer this question.')).toBeVisible();
    await expect(buyer.getByLabel('Company (optional)')).toHaveValue('Analytical Engines');
    await expect(first.getByRole('radio', { name: 'Vegan' })).toBeChecked();
    await expect(second.getByLabel('Name on the ticket (optional)')).toHaveValue('Cam Companion');
    await expectTextFits(buyer.getByRole('button', { name: 'Book now' }), 'Book now');
    expect(await seriousViolations(buyer)).toEqual([]);
    await shoot(buyer, 'checkout-questions-phone-errors');

    await second.getByRole('radio', { name: 'None' }).check();
    await buyer.getByRole('checkbox', { name: 'I accept the code of conduct' }).check();
    await shoot(buyer, 'checkout-questions-phone');
    await buyer.getByRole('button', { name: 'Book now' }).click();
    await expect(buyer).toHaveURL(/\/payment\/order-success\?orderId=/, { timeout: 20_000 });
    const answers = buyer.getByRole('region', { name: 'Your answers' });
    await expect(answers).toContainText('Analytical Engines');
    await expect(answers).toContainText('You can change them until 1 Jun 2035, 18:00.');

    // On My bookings: the order's answers, each ticket's under it, and a correction.
    await buyer.goto('/account/bookings');
    await waitForHydration(buyer);
    const booking = buyer.getByRole('article', { name: event.title });
    await expect(booking.getByText('Vegan')).toBeVisible();
    await expect(booking.getByText('None', { exact: true })).toBeVisible();
    await booking.getByRole('button', { name: 'Edit answers' }).click();
    await booking.getByLabel('Company (optional)').fill('Difference Engines');
    await booking.getByRole('button', { name: 'Save answers' }).click();
    await expect(booking.getByRole('region', { name: 'Your answers' })).toContainText('Difference Engines');
    await shoot(buyer, 'bookings-answers-phone');
    await buyerContext.close();

    // The organiser reads them on the order (signed in again: access tokens live 20 s in these tests).
    await signIn(page, organiser.email, organiser.password, `/organizer/payments?eventId=${event.id}`);
    await waitForHydration(page);
    await page.getByRole('link').filter({ hasText: 'Ada Answer' }).first().click();
    const drawer = page.getByRole('dialog', { name: /^Order / });
    const given = drawer.getByRole('region', { name: 'Answers' });
    await expect(given).toContainText('Difference Engines');
    await expect(given).toContainText('Vegan');
    await expect(given).toContainText('Cam Companion');
    await shoot(page, 'organiser-order-answers-phone');
    expect(consoleErrors).toEqual([]);
  });

  test('the organiser’s questions page reads well on a desktop @desktop', async ({ page, request }) => {
    const token = await organiserToken(request);
    const event = await publishedEvent(request, token, `Question Desk ${unique()}`, [
      { name: 'Standard', price: 1500, capacity: 50 },
      { name: 'VIP', price: 5000, capacity: 10 },
    ]);
    const headers = { Authorization: `Bearer ${token}` };
    const vip = event.ticketTypes.find((type) => type.name === 'VIP')?.id;
    for (const data of [
      { label: 'Company', kind: 'short_text', scope: 'order', help: 'For your badge.' },
      { label: 'T-shirt size', kind: 'one_choice', scope: 'attendee', required: true, options: ['S', 'M', 'L', 'XL'] },
      { label: 'Access needs', kind: 'long_text', scope: 'attendee', ticketTypeIds: [vip], showAtDoor: true },
    ]) {
      expect((await request.post(`/api/events/${event.id}/questions`, { headers, data })).status()).toBe(201);
    }
    await signIn(page, organiser.email, organiser.password, `/organizer/events/${event.id}/questions`);
    await waitForHydration(page);
    await expect(page.getByRole('table', { name: 'Questions, in the order buyers see them' })).toContainText('T-shirt size');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'organiser-questions-desktop');
    await page.getByRole('button', { name: 'Edit “T-shirt size”' }).click();
    await expect(page.getByLabel('Option 4', { exact: true })).toHaveValue('XL');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'organiser-question-form-desktop');
  });
});
