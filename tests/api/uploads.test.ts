import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSignature } from '../../server/lib/storage/signed-links.ts';
import { imageTooLargeMessage, maxImageBytes } from '../../src/contract/uploads.ts';
import { verifiedOrganizer } from '../fixtures/events.ts';
import { jpeg3x2, pdfDocument, png1x1, png3x2, svgImage, webp3x2, webpLossless1x1 } from '../fixtures/images.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
let owner: Awaited<ReturnType<typeof verifiedOrganizer>>;
let folder: string;
beforeAll(async () => {
  api = await createTestApi();
  owner = await verifiedOrganizer(api.app, api.database.db);
  folder = `organizations/${owner.organizationId}`;
});
afterAll(() => api.close());

const upload = (
  body: Buffer,
  contentType: string,
  options: { name?: string; headers?: Record<string, string>; organizationId?: string } = {},
) => {
  const query = new URLSearchParams({ organizationId: options.organizationId ?? owner.organizationId });
  if (options.name !== undefined) query.set('name', options.name);
  return api.app.inject({
    method: 'POST',
    url: `/api/uploads?${query}`,
    payload: body,
    headers: { 'content-type': contentType, ...(options.headers ?? owner.bearer) },
  });
};

const fetchLink = (url: string) => api.app.inject({ method: 'GET', url });

const storedFiles = (organizationId: string) => {
  const path = join(api.config.dataDir, 'uploads', 'organizations', organizationId);
  return existsSync(path) ? readdirSync(path) : [];
};

const uploadRows = (organizationId: string) =>
  api.database.db.selectFrom('uploads').selectAll().where('organization_id', '=', organizationId).execute();

describe('uploading an image (local storage)', () => {
  it.each([
    ['PNG', png3x2, 'image/png', 'png', 3, 2],
    ['JPEG', jpeg3x2, 'image/jpeg', 'jpg', 3, 2],
    ['WebP', webp3x2, 'image/webp', 'webp', 3, 2],
  ])(
    'stores a %s under its organisation’s own folder and links to exactly those bytes',
    async (_kind, bytes, type, extension, width, height) => {
      const response = await upload(bytes, type, { name: `cover-${extension}` });
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(data).toEqual({
        key: `${folder}/cover-${extension}.${extension}`,
        url: expect.stringMatching(/^\/api\/uploads\/file\/organizations\/.+\?expires=\d+&signature=[\w-]{43}$/),
        contentType: type,
        width,
        height,
        sizeBytes: bytes.length,
      });

      const image = await fetchLink(data.url);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(bytes)).toBe(true);
      expect(image.headers['content-type']).toBe(type);
      expect(image.headers['cache-control']).toBe('private, max-age=3600');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('signs links for 3600 seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { data } = (await upload(png1x1, 'image/png')).json();
    const expires = Number(new URL(data.url, 'http://admit.test').searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(3600);
    expect(expires - before).toBeLessThanOrEqual(3601);
  });

  it('gives an unnamed upload a random name', async () => {
    const first = (await upload(png1x1, 'application/octet-stream')).json().data;
    const second = (await upload(png1x1, 'application/octet-stream')).json().data;
    expect(first.key).toMatch(new RegExp(`^${folder}/[0-9a-f]{16}\\.png$`));
    expect(second.key).not.toBe(first.key);
  });

  it('never overwrites: the same name twice gets a short suffix and both images survive', async () => {
    const first = (await upload(png3x2, 'image/png', { name: 'poster.png' })).json().data;
    const second = (await upload(webpLossless1x1, 'image/webp', { name: 'poster.webp' })).json().data;
    const third = (await upload(png1x1, 'image/png', { name: 'poster.png' })).json().data;
    expect(first.key).toBe(`${folder}/poster.png`);
    expect(second.key).toBe(`${folder}/poster.webp`);
    expect(third.key).toMatch(new RegExp(`^${folder}/poster-[0-9a-f]{6}\\.png$`));
    expect((await fetchLink(first.url)).rawPayload.equals(png3x2)).toBe(true);
    expect((await fetchLink(third.url)).rawPayload.equals(png1x1)).toBe(true);
  });

  it('keeps both of two uploads racing for the same name', async () => {
    const bodies = [png1x1, png3x2, jpeg3x2, webp3x2];
    const responses = await Promise.all(
      bodies.map((body, index) => upload(body, index < 2 ? 'image/png' : 'image/jpeg', { name: 'race' })),
    );
    const uploaded = responses.map((response) => response.json().data);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(uploaded.map((data) => data.key)).size).toBe(4);
    for (const [index, data] of uploaded.entries()) {
      expect((await fetchLink(data.url)).rawPayload.equals(bodies[index] as Buffer)).toBe(true);
    }
  });

  it.each([
    ['../../../etc/passwd', 'etc-passwd'],
    ['summer/poster/final.png', 'summer-poster-final'],
    ['My Summer   Poster.PNG', 'my-summer-poster'],
    ['Café Ünïcode ☕ poster.png', 'cafe-unicode-poster'],
    ['..', null],
    ['日本語.png', null],
  ])('sanitises the name %j into a safe key', async (name, stem) => {
    const response = await upload(png1x1, 'image/png', { name });
    expect(response.statusCode).toBe(201);
    const { key } = response.json().data;
    const file = key.slice(`${folder}/`.length);
    expect(key.startsWith(`${folder}/`)).toBe(true);
    expect(file).toMatch(/^[a-z0-9][a-z0-9._-]*\.png$/);
    expect(file.length).toBeLessThanOrEqual(80);
    expect(file).not.toContain('..');
    if (stem) expect(file).toMatch(new RegExp(`^${stem}(-[0-9a-f]{6})?\\.png$`));
    else expect(file).toMatch(/^[0-9a-f]{16}\.png$/);
  });

  it('keeps a long name within 80 characters', async () => {
    const { key } = (await upload(png1x1, 'image/png', { name: `${'x'.repeat(200)}.png` })).json().data;
    expect(key.split('/').pop().length).toBeLessThanOrEqual(80);
  });

  it('stores JPEG bytes as a JPEG whatever the name or declared type says', async () => {
    const response = await upload(jpeg3x2, 'image/png', { name: 'holiday.png' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ key: `${folder}/holiday.jpg`, contentType: 'image/jpeg' });
    expect((await fetchLink(data.url)).headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['plain text', Buffer.from('just some words'), 'text/plain'],
    ['text sent as an image', Buffer.from('just some words'), 'image/png'],
    ['an SVG', svgImage, 'image/svg+xml'],
    ['a PDF', pdfDocument, 'application/pdf'],
    ['a PDF sent as bytes', pdfDocument, 'application/octet-stream'],
    ['JSON', Buffer.from('{"a":1}'), 'application/json'],
  ])('refuses %s with 415 and stores nothing', async (_kind, body, type) => {
    const files = storedFiles(owner.organizationId).length;
    const response = await upload(body, type, { name: 'not-an-image' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      httpStatus: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only JPEG, PNG, WebP or AVIF images can be uploaded.',
    });
    expect(storedFiles(owner.organizationId)).toHaveLength(files);
    expect((await uploadRows(owner.organizationId)).some((row) => row.key.includes('not-an-image'))).toBe(false);
  });

  it('accepts exactly 5,120,000 bytes and refuses one byte more with 413, storing nothing', async () => {
    const largest = Buffer.concat([png1x1, Buffer.alloc(maxImageBytes - png1x1.length)]);
    const accepted = await upload(largest, 'image/png', { name: 'largest' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.sizeBytes).toBe(5_120_000);

    const files = storedFiles(owner.organizationId).length;
    const rows = (await uploadRows(owner.organizationId)).length;
    const refused = await upload(Buffer.concat([largest, Buffer.from([0])]), 'image/png', { name: 'too-large' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ httpStatus: 'PAYLOAD_TOO_LARGE', message: imageTooLargeMessage });
    expect(storedFiles(owner.organizationId)).toHaveLength(files);
    expect(await uploadRows(owner.organizationId)).toHaveLength(rows);
  });

  it('refuses an empty body', async () => {
    const response = await upload(Buffer.alloc(0), 'image/png');
    expect(response.statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    const anonymous = await upload(png1x1, 'image/png', { headers: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().httpStatus).toBe('UNAUTHORIZED');
    const forged = await upload(png1x1, 'image/png', { headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.statusCode).toBe(401);
  });

  it('keeps each organisation to its own folder: another organisation’s same name never touches the first image', async () => {
    const first = (await upload(png3x2, 'image/png', { name: 'logo' })).json().data;
    const other = await verifiedOrganizer(api.app, api.database.db, 'Other Promotions');
    const asOther = { headers: other.bearer, organizationId: other.organizationId };
    const second = (await upload(png1x1, 'image/png', { name: 'logo', ...asOther })).json().data;
    expect(second.key).toBe(`organizations/${other.organizationId}/logo.png`);
    const traversal = (await upload(png1x1, 'image/png', { name: `../../${owner.organizationId}/logo.png`, ...asOther })).json()
      .data;
    expect(traversal.key.startsWith(`organizations/${other.organizationId}/`)).toBe(true);
    expect((await fetchLink(first.url)).rawPayload.equals(png3x2)).toBe(true);
    const row = await api.database.db.selectFrom('uploads').selectAll().where('key', '=', first.key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      owner_id: owner.authId,
      organization_id: owner.organizationId,
      size_bytes: png3x2.length,
      width: 3,
      height: 2,
    });
  });
});

describe('image links', () => {
  let image: { key: string; url: string };
  beforeAll(async () => {
    image = (await upload(png3x2, 'image/png', { name: 'linked' })).json().data;
  });

  const linkParts = (url: string) => {
    const parsed = new URL(url, 'http://admit.test');
    return {
      path: parsed.pathname,
      expires: parsed.searchParams.get('expires') ?? '',
      signature: parsed.searchParams.get('signature') ?? '',
    };
  };

  it('refuses a tampered, missing or borrowed signature with 403', async () => {
    const { path, expires, signature } = linkParts(image.url);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const other = (await upload(png1x1, 'image/png', { name: 'other' })).json().data;
    const borrowed = linkParts(other.url);
    for (const url of [
      `${path}?expires=${expires}&signature=${flipped}`,
      `${path}?expires=${Number(expires) + 60}&signature=${signature}`,
      `${path}?expires=${expires}`,
      path,
      `${path}?expires=${borrowed.expires}&signature=${borrowed.signature}`,
    ]) {
      const response = await fetchLink(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ httpStatus: 'FORBIDDEN', message: 'This image link is not valid or has expired.' });
    }
  });

  it('refuses an expired link with 403', async () => {
    const { path } = linkParts(image.url);
    const past = Math.floor(Date.now() / 1000) - 1;
    const response = await fetchLink(`${path}?expires=${past}&signature=${linkSignature(api.config.jwtSecret, image.key, past)}`);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for a genuine link to an image that is not there', async () => {
    const key = `${folder}/never-uploaded.png`;
    const expires = Math.floor(Date.now() / 1000) + 60;
    const response = await fetchLink(
      `/api/uploads/file/${key}?expires=${expires}&signature=${linkSignature(api.config.jwtSecret, key, expires)}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().httpStatus).toBe('NOT_FOUND');
  });

  it('gives its uploader a fresh link to a stored image, and 404 for an unknown key', async () => {
    const renewed = await api.app.inject({
      method: 'POST',
      url: '/api/uploads/link',
      payload: { key: image.key },
      headers: owner.bearer,
    });
    expect(renewed.statusCode).toBe(200);
    const { data } = renewed.json();
    expect(data).toEqual({ key: image.key, url: expect.stringContaining('/api/uploads/file/'), expiresAt: expect.any(String) });
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(3590_000);
    expect((await fetchLink(data.url)).rawPayload.equals(png3x2)).toBe(true);

    for (const key of ['users/nobody/none.png', `${folder}/none.png`, '../../jwt-secret', 'jwt-secret']) {
      const missing = await api.app.inject({ method: 'POST', url: '/api/uploads/link', payload: { key }, headers: owner.bearer });
      expect(missing.statusCode, key).toBe(404);
    }
    const invalid = await api.app.inject({ method: 'POST', url: '/api/uploads/link', payload: {} });
    expect(invalid.statusCode).toBe(400);
  });

  it('never serves a file outside the uploads folder, even with a valid signature', async () => {
    for (const key of ['../jwt-secret', 'users/../../jwt-secret', '%2e%2e/jwt-secret']) {
      const expires = Math.floor(Date.now() / 1000) + 60;
      const response = await fetchLink(
        `/api/uploads/file/${key}?expires=${expires}&signature=${linkSignature(api.config.jwtSecret, key, expires)}`,
      );
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain(api.config.jwtSecret);
    }
  });
});
