import { confirmedAccount, signInAt, testPassword } from './accounts.ts';
import { appendLink, expect, test, waitForHydration } from './fixtures.ts';
import { publishedEvent } from './organizer-api.ts';

// Decision 049: Admit opens no site that is not allowed, and says so; the way in after signing in stays on Admit.
const organiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
/** The guard's toast (src/lib/external-navigation.ts, which this process cannot load). */
const refusedNavigationMessage = 'That link leads outside Admit to a site we do not trust, so it was not opened.';
const unique = () => crypto.randomUUID().slice(0, 8);
const stream = 'https://stream.example.test/live/room-7';
const shots = process.env.ADMIT_LEAVING_SHOTS;

test.describe('leaving Admit', () => {
  // Each test makes an account and signs in: password hashing on a busy two-core machine takes its time.
  test.slow();

  test('an online event on a site that is not allowed shows its address to copy, and opening it is refused', async ({
    page,
    request,
    context,
  }, testInfo) => {
    const signedIn = await request.post('/api/auth/signIn', { data: organiser });
    expect(signedIn.status()).toBe(200);
    const event = await publishedEvent(
      request,
      (await signedIn.json()).data.accessToken,
      `Online Shanty ${unique()}`,
      [{ name: 'Free', price: 0, capacity: 50 }],
      { isOnline: true, venue: null, onlineUrl: stream },
    );
    const email = `online.${unique()}@example.test`;
    await confirmedAccount(request, {
      firstName: 'Ola',
      lastName: 'Online',
      email,
      dateOfBirth: 700_000_000,
      userType: 'attendee',
    });
    const own = await request.post('/api/auth/signIn', { data: { email, password: testPassword } });
    const placed = await request.post('/api/orders', {
      headers: { Authorization: `Bearer ${(await own.json()).data.accessToken}`, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        eventId: event.id,
        items: [{ ticketTypeId: event.ticketTypes[0]?.id, quantity: 1 }],
        buyer: { name: 'Ola Online', email },
      },
    });
    expect(placed.status()).toBe(201);

    await signInAt(page, email, '/account/bookings');
    const join = page.getByText('Join online').locator('..');
    await expect(join.getByText(stream, { exact: true })).toBeVisible();
    await expect(
      join.getByText('Admit does not open links to stream.example.test. Copy the address and open it in your browser.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Open the event link/ })).toHaveCount(0);
    await expect(page.locator(`a[href^="https://stream.example.test"]`)).toHaveCount(0);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await join.getByRole('button', { name: 'Copy the event link' }).click();
    await expect(page.getByText('Event link copied. Paste it into your browser to join.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stream);
    if (shots) await page.screenshot({ path: `${shots}/online-refused-${testInfo.project.name}.png`, fullPage: true });

    // A link to it put into the page all the same is refused by the guard: a toast, no new tab, the page stays.
    const tabs = context.pages().length;
    await appendLink(page, stream, 'the stream');
    await page.getByRole('link', { name: 'the stream' }).click();
    await expect(page.getByText(refusedNavigationMessage)).toBeVisible();
    expect(context.pages()).toHaveLength(tabs);
    await expect(page).toHaveURL(/\/account\/bookings$/);
  });

  test('signing in with a return path that resolves to another site lands on Admit', async ({ page, request }) => {
    const email = `phish.${unique()}@example.test`;
    await confirmedAccount(request, {
      firstName: 'Pat',
      lastName: 'Phished',
      email,
      dateOfBirth: 700_000_000,
      userType: 'attendee',
    });
    await page.goto('/sign-in?redirect=%2F.%2F%2Fevil.example%2Fphish');
    await waitForHydration(page);
    await page.locator('#field-email').fill(email);
    await page.locator('#field-password').fill(testPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
  });
});
