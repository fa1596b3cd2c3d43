import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventBody, verifiedOrganizer } from '../fixtures/events.ts';
import { png1x1, png3x2 } from '../fixtures/images.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
let organiser: Awaited<ReturnType<typeof verifiedOrganizer>>;
let other: Awaited<ReturnType<typeof verifiedOrganizer>>;
beforeAll(async () => {
  api = await createTestApi();
  organiser = await verifiedOrganizer(api.app, api.database.db);
  other = await verifiedOrganizer(api.app, api.database.db, 'Rival Promotions');
});
afterAll(() => api.close());

type Person = { bearer: Record<string, string> };
const foreignImage = 'Choose an image uploaded for this organisation.';

async function uploaded(who: Person & { organizationId: string }, body = png1x1): Promise<{ key: string; url: string }> {
  const response = await api.app.inject({
    method: 'POST',
    url: `/api/uploads?organizationId=${who.organizationId}&name=picture`,
    payload: body,
    headers: { 'content-type': 'image/png', ...who.bearer },
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().data;
}

const call = (method: 'POST' | 'PATCH', url: string, payload: object, who?: Person) =>
  api.app.inject({ method, url: `/api${url}`, payload, headers: who?.bearer ?? {} });

const draft = async (cover: string | null = null) => {
  const response = await call('POST', '/events', eventBody(organiser.organizationId, { coverImageKey: cover }), organiser);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data as { id: string; coverImageKey: string | null; coverImageUrl: string | null };
};

const link = (key: string, who?: Person) => call('POST', '/uploads/link', { key }, who);

describe('image keys on events and organisations', () => {
  it('takes an image uploaded for the organisation as an event cover and as its logo', async () => {
    const cover = await uploaded(organiser);
    const event = await draft(cover.key);
    expect(event.coverImageKey).toBe(cover.key);
    expect(event.coverImageUrl).toContain('/api/uploads/file/');

    const logo = await uploaded(organiser);
    const saved = await call('PATCH', `/organizations/${organiser.organizationId}`, { logoKey: logo.key }, organiser);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.logoKey).toBe(logo.key);
  });

  it.each([
    ['another organisation’s image', async () => (await uploaded(other)).key],
    ['a key that names no image', async () => `organizations/${organiser.organizationId}/never-uploaded.png`],
    ['a free string', async () => 'https://elsewhere.example/cat.png'],
    ['a path out of the uploads folder', async () => '../jwt-secret'],
  ])('refuses %s as a cover or a logo with 400 naming the field', async (_kind, keyOf) => {
    const key = await keyOf();
    const created = await call('POST', '/events', eventBody(organiser.organizationId, { coverImageKey: key }), organiser);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      httpStatus: 'BAD_REQUEST',
      message: foreignImage,
      errors: [{ path: 'body.coverImageKey', message: foreignImage }],
    });

    const event = await draft();
    const changed = await call('PATCH', `/events/${event.id}`, { coverImageKey: key }, organiser);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toEqual([{ path: 'body.coverImageKey', message: foreignImage }]);

    const logo = await call('PATCH', `/organizations/${organiser.organizationId}`, { logoKey: key }, organiser);
    expect(logo.statusCode).toBe(400);
    expect(logo.json().errors).toEqual([{ path: 'body.logoKey', message: foreignImage }]);

    const row = await api.database.db
      .selectFrom('organizations')
      .select('logo_key')
      .where('id', '=', organiser.organizationId)
      .executeTakeFirstOrThrow();
    expect(row.logo_key).not.toBe(key);
  });

  it('keeps a cover set before images had owners when the event is saved with it unchanged, and clears it on request', async () => {
    const event = await draft();
    await api.database.db
      .updateTable('events')
      .set({ cover_image_key: 'users/legacy/cover.png' })
      .where('id', '=', event.id)
      .execute();
    const saved = await call(
      'PATCH',
      `/events/${event.id}`,
      { title: 'Renamed', coverImageKey: 'users/legacy/cover.png' },
      organiser,
    );
    expect(saved.statusCode).toBe(200);
    const cleared = await call('PATCH', `/events/${event.id}`, { coverImageKey: null }, organiser);
    expect(cleared.json().data.coverImageKey).toBeNull();
  });
});

describe('fresh links to images', () => {
  it('signs an image not shown anywhere only for its uploader and its organisation’s members', async () => {
    const image = await uploaded(organiser, png3x2);
    const door = await signedInAccount(api.app, api.database.db);
    await api.database.db
      .insertInto('organization_members')
      .values({ organization_id: organiser.organizationId, user_id: door.authId, role: 'door' })
      .execute();

    expect((await link(image.key, organiser)).statusCode).toBe(200);
    expect((await link(image.key, door)).statusCode).toBe(200);
    const strangers = [await link(image.key), await link(image.key, other)];
    const unknown = await link(`organizations/${organiser.organizationId}/nothing.png`);
    for (const response of [...strangers, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
  });

  it('signs a logo for anyone once it is set', async () => {
    const logo = await uploaded(organiser);
    expect((await link(logo.key)).statusCode).toBe(404);
    await call('PATCH', `/organizations/${organiser.organizationId}`, { logoKey: logo.key }, organiser);
    const renewed = await link(logo.key);
    expect(renewed.statusCode).toBe(200);
    const image = await api.app.inject({ method: 'GET', url: renewed.json().data.url });
    expect(image.rawPayload.equals(png1x1)).toBe(true);
  });

  it('signs a cover for anyone once its event is published, not while it is a draft', async () => {
    const cover = await uploaded(organiser);
    const event = await draft(cover.key);
    expect((await link(cover.key)).statusCode).toBe(404);
    const published = await api.app.inject({ method: 'POST', url: `/api/events/${event.id}/publish`, headers: organiser.bearer });
    expect(published.statusCode).toBe(200);
    expect((await link(cover.key)).statusCode).toBe(200);
  });

  it('answers a public image whatever token comes with the request', async () => {
    const logo = await uploaded(organiser);
    await call('PATCH', `/organizations/${organiser.organizationId}`, { logoKey: logo.key }, organiser);
    const stale = await link(logo.key, { bearer: { authorization: 'Bearer not.a.token' } });
    expect(stale.statusCode).toBe(200);
  });
});
