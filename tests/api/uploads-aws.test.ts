import 'fake-indexeddb/auto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImage } from '../../server/lib/storage/image-content.ts';
import { linkSignature } from '../../server/lib/storage/signed-links.ts';
import { type AwsUploader, createAwsUploader } from '../../src/lib/storage/aws-upload.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { type AwsPeers, download, startAwsPeers } from '../fixtures/aws-peers.ts';
import { publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { photoJpeg, png1x1, webp3x2 } from '../fixtures/images.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let peers: AwsPeers;
let api: TestApi;
let browser: AwsUploader;
let organiser: Awaited<ReturnType<typeof verifiedOrganizer>>;
beforeAll(async () => {
  peers = await startAwsPeers();
  api = await createTestApi(peers.env());
  browser = createAwsUploader({ ...peers.settings, identityPoolId: peers.newPool() });
  organiser = await verifiedOrganizer(api.app, api.database.db);
});
afterAll(async () => {
  await api?.close();
  await peers?.close();
});

type Person = { bearer: Record<string, string> };

const post = (url: string, payload: object, who?: Person) =>
  api.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: who?.bearer ?? {} });

const askForKey = (who: Person, body: Record<string, unknown> = {}) =>
  post(
    '/uploads/key',
    { organizationId: organiser.organizationId, name: 'Summer Poster.webp', contentType: 'image/webp', sizeBytes: 500, ...body },
    who,
  );

async function keyFor(who: Person = organiser, body: Record<string, unknown> = {}): Promise<string> {
  const response = await askForKey(who, body);
  if (response.statusCode !== 201) throw new Error(`key refused: ${response.body}`);
  return response.json().data.key;
}

const setLogo = (key: string) =>
  api.app.inject({
    method: 'PATCH',
    url: `/api/organizations/${organiser.organizationId}`,
    payload: { logoKey: key },
    headers: organiser.bearer,
  });

describe('uploading to S3 through a key the API hands out', () => {
  it('hands out a key under the organisation’s prefix, records the object the browser put, and links to it', async () => {
    const key = await keyFor();
    expect(key).toMatch(new RegExp(`^uploads/${organiser.organizationId}/summer-poster-[0-9a-f]{16}\\.webp$`));

    await browser.upload(webp3x2, 'image/webp', key);
    const stored = await post('/uploads/stored', { key }, organiser);
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toEqual({
      key,
      url: expect.stringContaining('X-Amz-Signature='),
      contentType: 'image/webp',
      width: 3,
      height: 2,
      sizeBytes: webp3x2.length,
    });
    expect((await download(stored.json().data.url)).bytes.equals(webp3x2)).toBe(true);
    // Reported again: the same image (with a link signed afresh).
    const again = await post('/uploads/stored', { key }, organiser);
    expect(again.statusCode).toBe(200);
    expect({ ...again.json().data, url: '' }).toEqual({ ...stored.json().data, url: '' });

    // Not shown anywhere yet: a link for its uploader only; once it is the logo, for anyone.
    expect((await post('/uploads/link', { key }, organiser)).statusCode).toBe(200);
    expect((await post('/uploads/link', { key })).statusCode).toBe(404);
    expect((await setLogo(key)).statusCode).toBe(200);
    const renewed = await post('/uploads/link', { key });
    expect(renewed.statusCode).toBe(200);
    expect((await download(renewed.json().data.url)).bytes.equals(webp3x2)).toBe(true);
  });

  it('refuses attendees and door staff a key with 403', async () => {
    const attendee = await signedInAccount(api.app, api.database.db);
    const door = await signedInAccount(api.app, api.database.db);
    await api.database.db
      .insertInto('organization_members')
      .values({ organization_id: organiser.organizationId, user_id: door.authId, role: 'door' })
      .execute();
    for (const who of [attendee, door]) {
      const response = await askForKey(who);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only owners and managers of the organisation can upload images.');
    }
    expect((await askForKey(organiser, { sizeBytes: 5_120_001 })).statusCode).toBe(400);
    expect((await askForKey(organiser, { contentType: 'image/svg+xml' })).statusCode).toBe(400);
  });

  it('records nothing for a key reported before its object arrived, and the key cannot be shown', async () => {
    const key = await keyFor();
    const early = await post('/uploads/stored', { key }, organiser);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The image has not arrived in storage. Please upload it again.');
    expect((await setLogo(key)).statusCode).toBe(400);
    expect((await post('/uploads/link', { key }, organiser)).statusCode).toBe(404);
  });

  it('refuses an object that is not an image with 415 and keeps it unusable', async () => {
    const key = await keyFor();
    await browser.upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/webp', key);
    const stored = await post('/uploads/stored', { key }, organiser);
    expect(stored.statusCode).toBe(415);
    expect((await setLogo(key)).statusCode).toBe(400);
  });

  it('answers 404 for a key handed out to someone else, and for one the browser made up', async () => {
    const other = await verifiedOrganizer(api.app, api.database.db, 'Other Promotions');
    const theirs = await keyFor(other, { organizationId: other.organizationId });
    await browser.upload(png1x1, 'image/png', theirs);
    const madeUp = `uploads/${organiser.organizationId}/made-up.png`;
    await browser.upload(png1x1, 'image/png', madeUp);

    const answers = [
      await post('/uploads/stored', { key: theirs }, organiser),
      await post('/uploads/stored', { key: madeUp }, organiser),
      await post('/uploads/link', { key: madeUp }),
      await post('/uploads/link', { key: madeUp }, organiser),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await setLogo(madeUp)).statusCode).toBe(400);
    expect((await setLogo(theirs)).statusCode).toBe(400);
  });

  it('serves a cover’s sized copies from the bucket’s original, resized on this server', async () => {
    const photo = await photoJpeg(1600, 900);
    const key = await keyFor(organiser, { name: 'Cover.jpg', contentType: 'image/jpeg', sizeBytes: photo.length });
    await browser.upload(photo, 'image/jpeg', key);
    expect((await post('/uploads/stored', { key }, organiser)).statusCode).toBe(200);
    const event = await publishedEvent(api.app, organiser, { coverImageKey: key });
    const page = await api.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    const [first = ''] = page.json().data.coverImageSrcSet.split(', ');
    const [url = '', width] = first.split(' ');
    expect(width).toBe('480w');
    const sized = await api.app.inject({ method: 'GET', url });
    expect(sized.statusCode).toBe(200);
    expect(detectImage(sized.rawPayload)).toEqual({ contentType: 'image/webp', width: 480, height: 270 });
    // A key with no object behind it: 404, once the link is genuine.
    const gone = `uploads/${organiser.organizationId}/gone.jpg`;
    const expires = Number(new URL(url, 'http://admit.test').searchParams.get('expires'));
    const goneUrl = url
      .replace(key, gone)
      .replace(/signature=[\w-]+/, `signature=${linkSignature(api.config.jwtSecret, gone, expires)}`);
    expect((await api.app.inject({ method: 'GET', url: goneUrl })).statusCode).toBe(404);
  });

  it('leaves storing bytes to the browser: the API has no upload body route on this driver', async () => {
    const direct = await api.app.inject({
      method: 'POST',
      url: `/api/uploads?organizationId=${organiser.organizationId}`,
      payload: png1x1,
      headers: { ...organiser.bearer, 'content-type': 'image/png' },
    });
    // The API's catch-all refuses the image body.
    expect([404, 415]).toContain(direct.statusCode);
    expect(existsSync(join(api.config.dataDir, 'uploads'))).toBe(false);
  });
});
