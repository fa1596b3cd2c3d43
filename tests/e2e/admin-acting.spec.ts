import type { APIRequestContext, Page } from '@playwright/test';
import { refusedWhileActingMessage } from '../../src/contract/acting.ts';
import type { Order } from '../../src/contract/orders.ts';
import { confirmedAccount, testPassword } from './accounts.ts';
import { demoPassword, fullAdmin, shoot, signInAs, unique } from './admin-pages.ts';
import { checkout } from './checkout.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

const organiser = { email: 'sam@harbourarts.demo', password: demoPassword };
const banner = (page: Page) => page.getByRole('region', { name: 'Acting for support' });
/** The one error the page may log: the refused order's 403, answered on purpose. */
const refusedLoad = /Failed to load resource: the server responded with a status of 403/;

/** An attendee with a paid booking of a new paid event, made through the API. */
async function attendeeWithBooking(request: APIRequestContext) {
  const signedIn = await request.post('/api/auth/signIn', { data: organiser });
  expect(signedIn.status()).toBe(200);
  const title = `Support Night ${unique()}`;
  const event = await publishedEvent(request, (await signedIn.json()).data.accessToken, title, [
    { name: 'Standard', price: 1500, capacity: 40 },
  ]);
  const person = await confirmedAccount(request, {
    firstName: 'Robin',
    lastName: 'Needshelp',
    email: `needshelp.${unique()}@example.test`,
    dateOfBirth: Math.floor(Date.UTC(1992, 6, 9) / 1000),
    userType: 'attendee',
  });
  const own = await request.post('/api/auth/signIn', { data: { email: person.email, password: testPassword } });
  const bearer = { Authorization: `Bearer ${(await own.json()).data.accessToken}` };
  const placed = await request.post('/api/orders', {
    headers: { ...bearer, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      eventId: event.id,
      items: [{ ticketTypeId: event.ticketTypes[0]?.id, quantity: 1 }],
      buyer: { name: 'Robin Needshelp', email: person.email },
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as Order;
  const paid = await request.post(`/api/payments/sandbox/${order.paymentUrl?.split('/').pop() ?? ''}`, {
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Robin Needshelp' },
  });
  expect((await paid.json()).data.outcome).toBe('succeeded');
  return { person, event };
}

/** From /admin/users: finds the person, gives the reason and starts acting; lands on their account page. */
async function startActing(page: Page, email: string) {
  await signInAs(page, fullAdmin, `/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: `Act as user ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Act as ${email}` });
  await dialog.getByRole('button', { name: 'Start acting' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('They cannot find their tickets (case 1042).');
  await dialog.getByRole('button', { name: 'Start acting' }).click();
  await expect(page).toHaveURL('/account');
  await waitForHydration(page);
}

test.describe('acting as a user for support', () => {
  test('an admin acts as an attendee: the banner, their bookings, a refused payment, stopping, and the audit log', {
    tag: '@desktop',
  }, async ({ page, request, consoleErrors }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const { person, event } = await attendeeWithBooking(request);

    await startActing(page, person.email);
    await expect(banner(page)).toContainText(`Acting as Robin Needshelp (${person.email}) for support`);
    await shoot(page, 'desktop-acting-banner');

    await page.goto('/account/bookings');
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByText(event.title).first()).toBeVisible();

    // Paying is refused while acting, with the server's words.
    await page.goto(`/event/${event.id}`);
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible();
    await checkout(page, 'Standard', 1);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByText(refusedWhileActingMessage).first()).toBeVisible();
    await expect(page).toHaveURL(`/event/${event.id}`);

    // Stopping returns the admin, still signed in as themself, to the users page.
    await banner(page).getByRole('button', { name: 'Stop acting' }).click();
    await expect(page).toHaveURL('/admin/users');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    await page.goto(`/admin?q=${encodeURIComponent('admin.acting')}`);
    await waitForHydration(page);
    for (const action of ['admin.acting_started', 'admin.acting_request', 'admin.acting_ended']) {
      await expect(page.getByRole('cell', { name: action }).first()).toBeVisible();
    }
    await shoot(page, 'desktop-acting-audit');
    expect(consoleErrors.filter((error) => !refusedLoad.test(error))).toEqual([]);
  });

  test('the banner fits a phone and stops acting', { tag: '@phone' }, async ({ page, request, consoleErrors }) => {
    test.setTimeout(90_000);
    const person = await confirmedAccount(request, {
      firstName: 'Sasha',
      lastName: 'Phoneuser',
      email: `phoneuser.${unique()}@example.test`,
      dateOfBirth: Math.floor(Date.UTC(1995, 1, 2) / 1000),
      userType: 'attendee',
    });
    await startActing(page, person.email);
    await expect(banner(page)).toContainText(`Acting as Sasha Phoneuser (${person.email}) for support`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page scrolls sideways with the banner').toBeLessThanOrEqual(0);
    await shoot(page, 'phone-acting-banner');
    await banner(page).getByRole('button', { name: 'Stop acting' }).click();
    await expect(page).toHaveURL('/admin/users');
    expect(consoleErrors).toEqual([]);
  });
});
