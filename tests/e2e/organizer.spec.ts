import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { EventList } from '../../src/contract/events.ts';
import { signIn } from './accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

// The demo organisation's owner (a verified organisation, so paid tickets can be published).
const organiser = { email: 'maya@northernlights.demo', password: 'admit-demo-2026' };
const tooLargeMessage = 'Your image cannot be larger than 5MB. Please try again later.';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG: a colour gradient, or random noise (which no compressor can shrink) stored uncompressed. */
function makePng(width: number, height: number, noise = false): Buffer {
  const rowLength = width * 4 + 1;
  const pixels = noise ? randomBytes(rowLength * height) : Buffer.alloc(rowLength * height, 255);
  for (let y = 0; y < height; y += 1) {
    pixels[y * rowLength] = 0;
    for (let x = 0; !noise && x < width; x += 1) {
      const at = y * rowLength + 1 + x * 4;
      pixels[at] = Math.round((x / width) * 255);
      pixels[at + 1] = Math.round((y / height) * 255);
      pixels[at + 2] = 180;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels, { level: noise ? 0 : 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A `datetime-local` value: the wall clock of an instant in a zone. */
function wallClock(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function signInTo(page: Page, path: string): Promise<void> {
  await signIn(page, organiser.email, organiser.password, path);
}

const field = (page: Page, name: string) => page.locator(`[id="field-${name}"]`);

test.describe('organiser events', () => {
  // A browser in another zone than the organisation's: a new event takes the organisation's, not the browser's.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('an organiser creates an event with a cover and two ticket types, publishes it, and it is listed everywhere', async ({
    page,
    consoleErrors,
  }) => {
    // A long journey through five pages: more time than one page's test on a busy machine.
    test.slow();
    await signInTo(page, '/organizer/events');
    await page.getByRole('link', { name: 'Create event' }).click();
    await expect(page).toHaveURL('/organizer/events/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New event' })).toBeVisible();

    const title = `Harbour Lights ${randomBytes(4).toString('hex')}`;
    await field(page, 'title').fill(title);
    await field(page, 'summary').fill('Lanterns, a brass band and late food stalls along the harbour.');
    await field(page, 'category').selectOption('festival');
    await field(page, 'description').fill('## Programme\n\n- **Lantern parade** at dusk\n- Brass band\n\n<b>not bold</b>');
    // The preview renders the Markdown as elements, and any HTML as text.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Programme' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('Lantern parade');
    await expect(preview.getByText('<b>not bold</b>')).toBeVisible();

    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') uploads.push(request.url());
    });
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(640, 360) });
    await expect(page.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
    expect(uploads).toHaveLength(1);

    // The organisation's profile names Europe/London; the browser's Asia/Tokyo is only for organisations without one.
    await expect(field(page, 'timezone')).toHaveValue('Europe/London');
    await field(page, 'timezone').selectOption('Europe/London');
    // Soon, so the home page's "Happening soon" lists it first.
    const startsAt = new Date(Math.ceil((Date.now() + 30 * 60_000) / 60_000) * 60_000);
    await field(page, 'startsAt').fill(wallClock(startsAt, 'Europe/London'));
    await field(page, 'endsAt').fill(wallClock(new Date(startsAt.getTime() + 3 * 3_600_000), 'Europe/London'));

    await field(page, 'venue.name').fill('Harbour Quay');
    await field(page, 'venue.address').fill('1 Quay Street');
    await field(page, 'venue.city').fill('Bristol');
    await field(page, 'venue.country').fill('United Kingdom');

    await field(page, 'ticketTypes.0.name').fill('Standard');
    await field(page, 'ticketTypes.0.price').fill('12.50');
    await field(page, 'ticketTypes.0.capacity').fill('300');
    await page.getByRole('button', { name: 'Add ticket type' }).click();
    await field(page, 'ticketTypes.1.name').fill('Family');
    await field(page, 'ticketTypes.1.price').fill('30');
    await field(page, 'ticketTypes.1.capacity').fill('40');
    await field(page, 'ticketTypes.1.maxPerOrder').fill('2');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/organizer\/events\/[0-9a-f-]{36}$/);
    const eventId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('.Toastify__toast').getByText('Your event is published and on sale.')).toBeVisible();
    await expect(page.getByText('On sale', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

    // Leaving with a change not saved asks first: staying keeps the change, leaving drops it.
    const areaNav = page.getByRole('navigation', { name: 'Organiser' });
    await field(page, 'summary').fill('A change not saved yet.');
    await areaNav.getByRole('link', { name: 'Dashboard' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(`/organizer/events/${eventId}`);
    await expect(field(page, 'summary')).toHaveValue('A change not saved yet.');
    await areaNav.getByRole('link', { name: 'Dashboard' }).click();
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL('/organizer/dashboard');

    // The public search finds it, with the times in London's zone and prices in pence.
    const search = await page.request.get(`/api/events?q=${encodeURIComponent(title)}`);
    expect(search.ok()).toBe(true);
    const { data } = (await search.json()) as { data: EventList };
    const listed = data.items.find((item) => item.id === eventId);
    expect(listed).toMatchObject({ title, status: 'published', timezone: 'Europe/London', priceFrom: 1250, currency: 'GBP' });
    expect(Date.parse(listed?.startsAt ?? '')).toBe(startsAt.getTime());
    expect(listed?.coverImageUrl).toBeTruthy();
    const organisationId = listed?.organizer.id ?? '';

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Happening soon' }).getByRole('link', { name: title })).toBeVisible();

    await page.goto(`/organisation-view/${organisationId}`);
    await expect(page.getByRole('link', { name: title })).toBeVisible();

    await page.goto(`/event/${eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The cover is drawn from a sized copy made of the uploaded picture, not from the upload itself.
    const cover = page.getByRole('img', { name: title });
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && image.currentSrc))
      .toMatch(/\/api\/uploads\/sized\/\d+\/organizations\//);
    await expect(
      page.getByRole('complementary', { name: 'Tickets and organiser' }).getByText('Family', { exact: true }),
    ).toBeVisible();
    expect(consoleErrors.filter((message) => !message.includes('Failed to load resource'))).toEqual([]);
  });

  test.describe('an image over the limit', () => {
    // The service worker would answer the compressor's chunk itself; the test replaces it below.
    test.use({ serviceWorkers: 'block' });

    test('after compression it shows the exact message and sends nothing', async ({ page }) => {
      // The real compressor scales a PNG down until it fits (a 7 MB noise PNG ends near 1.2 MB after
      // about two and a half minutes), so no real picture stays over the limit; a compressor that
      // cannot shrink it stands in, and the check after compression is what is tested.
      await page.route('**/assets/browser-image-compression-*.js', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: 'export default async function imageCompression(file) { return file; }',
        }),
      );
      await signInTo(page, '/organizer/events/new');
      await waitForHydration(page);

      const uploads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/uploads')) uploads.push(request.url());
      });
      const noise = makePng(1400, 1300, true);
      expect(noise.length).toBeGreaterThan(7_000_000);
      await page.locator('input[type="file"]').setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: noise });

      // The toast (3 s) holds the message as its own text, beside the icon and the close button.
      const toast = page.locator('.Toastify__toast', { hasText: tooLargeMessage });
      await expect(toast).toBeVisible();
      const toastText = await toast.evaluate((element) =>
        [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
          .trim(),
      );
      expect(toastText).toBe(tooLargeMessage);
      await expect(page.getByRole('region', { name: 'Cover image' }).getByText(tooLargeMessage, { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Cover image preview' })).toHaveCount(0);
      await expect(page.getByText('Uploading…')).toHaveCount(0);
      expect(uploads).toEqual([]);
    });
  });
});
