import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImage } from '../../server/lib/storage/image-content.ts';
import { sizedImageWidths } from '../../server/lib/storage/sized-images.ts';
import { publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { photoJpeg } from '../fixtures/images.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
let organiser: Awaited<ReturnType<typeof verifiedOrganizer>>;
let original: Buffer;
let srcSet: string;
beforeAll(async () => {
  api = await createTestApi();
  organiser = await verifiedOrganizer(api.app, api.database.db);
  original = await photoJpeg(1200, 675);
  const uploaded = await api.app.inject({
    method: 'POST',
    url: `/api/uploads?organizationId=${organiser.organizationId}&name=cover`,
    payload: original,
    headers: { 'content-type': 'image/jpeg', ...organiser.bearer },
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
  const event = await publishedEvent(api.app, organiser, { coverImageKey: uploaded.json().data.key });
  const page = await api.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
  srcSet = page.json().data.coverImageSrcSet;
});
afterAll(() => api.close());

/** `[url, width]` for each candidate of a srcset. */
const candidates = (value: string) =>
  value.split(', ').map((candidate) => {
    const [url = '', descriptor = ''] = candidate.split(' ');
    return [url, Number(descriptor.replace(/w$/, ''))] as const;
  });

const get = (url: string) => api.app.inject({ method: 'GET', url });

describe('sized copies of a cover', () => {
  it('offers a signed link per width beside the original, in the event page and in the lists', async () => {
    expect(candidates(srcSet).map(([, width]) => width)).toEqual([...sizedImageWidths]);
    for (const [url, width] of candidates(srcSet)) {
      expect(url).toMatch(new RegExp(`^/api/uploads/sized/${width}/organizations/.+\\.jpg\\?expires=\\d+&signature=[\\w-]{43}$`));
    }
    const listed = await get(`/api/events?organizationId=${organiser.organizationId}`);
    expect(listed.json().data.items[0].coverImageSrcSet).toBe(srcSet);
  });

  it('answers each link with a WebP of that width (never wider than the original), smaller than the original', async () => {
    for (const [url, width] of candidates(srcSet)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, max-age=3600',
      });
      const expected = Math.min(width, 1200);
      expect(detectImage(response.rawPayload)).toEqual({
        contentType: 'image/webp',
        width: expected,
        height: Math.round((expected * 675) / 1200),
      });
      expect(response.rawPayload.length).toBeLessThan(original.length);
      // Asked again, the kept copy: the same bytes.
      expect((await get(url)).rawPayload.equals(response.rawPayload)).toBe(true);
    }
  });

  it('sends the original when no copy can be made of it, so the page still shows the picture', async () => {
    // The first kilobytes of a JPEG: its header says 1200 × 675, its pixels are cut off.
    const truncated = original.subarray(0, 1500);
    const uploaded = await api.app.inject({
      method: 'POST',
      url: `/api/uploads?organizationId=${organiser.organizationId}&name=broken`,
      payload: truncated,
      headers: { 'content-type': 'image/jpeg', ...organiser.bearer },
    });
    expect(uploaded.statusCode).toBe(201);
    const event = await publishedEvent(api.app, organiser, { coverImageKey: uploaded.json().data.key });
    const page = (await get(`/api/events/${event.id}`)).json().data;
    const [[url = ''] = []] = candidates(page.coverImageSrcSet);
    const response = await get(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toMatch(/^\/api\/uploads\/file\/organizations\/.+broken\.jpg\?expires=/);
    // The original's link ends when the sized one does: a copy that fails renews nobody's access.
    const expiry = (link: string) => new URL(link, 'http://admit.test').searchParams.get('expires');
    expect(expiry(String(response.headers.location))).toBe(expiry(url));
    expect((await get(String(response.headers.location))).rawPayload.equals(truncated)).toBe(true);
  });

  it('refuses a forged or changed link with 403 and a width it does not offer with 404', async () => {
    const [url = ''] = candidates(srcSet)[0] ?? [];
    const forged = url.replace(/signature=[\w-]+/, `signature=${'A'.repeat(43)}`);
    expect((await get(forged)).statusCode).toBe(403);
    const otherKey = url.replace('/cover.jpg', '/other.jpg');
    expect((await get(otherKey)).statusCode).toBe(403);
    for (const width of ['500', '0', '-480', 'abc', '480.0']) {
      const response = await get(url.replace('/sized/480/', `/sized/${width}/`));
      expect(response.statusCode, width).toBe(404);
      expect(response.json().httpStatus).toBe('NOT_FOUND');
    }
  });
});
