import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationImageQuota, uploadsPerAccount } from '../../server/features/uploads/upload-limits.ts';
import { maxImageBytes } from '../../src/contract/uploads.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { verifiedOrganizer } from '../fixtures/events.ts';
import { png1x1 } from '../fixtures/images.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Organiser = Awaited<ReturnType<typeof verifiedOrganizer>>;
type Person = { bearer: Record<string, string> };

const upload = (who: Person, organizationId: string, body: Buffer = png1x1) =>
  api.app.inject({
    method: 'POST',
    url: `/api/uploads?organizationId=${organizationId}&name=picture`,
    payload: body,
    headers: { 'content-type': 'image/png', ...who.bearer },
  });

const storedFiles = (organizationId: string) => {
  const path = join(api.config.dataDir, 'uploads', 'organizations', organizationId);
  return existsSync(path) ? readdirSync(path) : [];
};

/** Adds a member with the role straight to the organisation (the team's invitations have tests of their own). */
async function memberWithRole(organiser: Organiser, role: 'manager' | 'finance' | 'door') {
  const person = await signedInAccount(api.app, api.database.db);
  await api.database.db
    .insertInto('organization_members')
    .values({ organization_id: organiser.organizationId, user_id: person.authId, role })
    .execute();
  return person;
}

/** Images the organisation already keeps, written as rows only: enough to reach its quota without storing 500 MB. */
async function alreadyStored(organiser: Organiser, count: number, sizeBytes: number) {
  const rows = Array.from({ length: count }, () => ({
    key: `organizations/${organiser.organizationId}/earlier-${randomUUID()}.png`,
    owner_id: organiser.authId,
    organization_id: organiser.organizationId,
    content_type: 'image/png',
    size_bytes: sizeBytes,
    width: 1,
    height: 1,
    stored_at: new Date(),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await api.database.db
      .insertInto('uploads')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

describe('who may upload images', () => {
  let organiser: Organiser;
  beforeAll(async () => {
    organiser = await verifiedOrganizer(api.app, api.database.db);
  });

  it('owners and managers upload for their organisation', async () => {
    expect((await upload(organiser, organiser.organizationId)).statusCode).toBe(201);
    const manager = await memberWithRole(organiser, 'manager');
    const response = await upload(manager, organiser.organizationId);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.key).toMatch(new RegExp(`^organizations/${organiser.organizationId}/`));
  });

  it('refuses attendees, door staff and finance members with 403 and a sentence, storing nothing', async () => {
    const attendee = await signedInAccount(api.app, api.database.db);
    const door = await memberWithRole(organiser, 'door');
    const finance = await memberWithRole(organiser, 'finance');
    const files = storedFiles(organiser.organizationId).length;
    for (const who of [attendee, door, finance]) {
      const response = await upload(who, organiser.organizationId);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        httpStatus: 'FORBIDDEN',
        message: 'Only owners and managers of the organisation can upload images.',
      });
    }
    expect(storedFiles(organiser.organizationId)).toHaveLength(files);
  });

  it('gives the same 403 for another organisation and for one that does not exist', async () => {
    const other = await verifiedOrganizer(api.app, api.database.db, 'Elsewhere Events');
    const intoOther = await upload(organiser, other.organizationId);
    const intoNothing = await upload(organiser, randomUUID());
    expect(intoOther.statusCode).toBe(403);
    expect(intoNothing.statusCode).toBe(403);
    expect(intoNothing.json()).toEqual(intoOther.json());
    expect(storedFiles(other.organizationId)).toHaveLength(0);
  });

  it('asks which organisation the image is for', async () => {
    for (const url of ['/api/uploads', '/api/uploads?organizationId=not-an-id']) {
      const response = await api.app.inject({
        method: 'POST',
        url,
        payload: png1x1,
        headers: { 'content-type': 'image/png', ...organiser.bearer },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ path: 'query.organizationId' })]);
    }
  });
});

describe('how much an account and an organisation may upload', () => {
  it(`refuses the ${uploadsPerAccount.limit + 1}st upload of an account within an hour with 429`, {
    timeout: 120_000,
  }, async () => {
    await awayFromWindowEdge(uploadsPerAccount.windowSeconds, 90);
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    for (let index = 0; index < uploadsPerAccount.limit; index += 1) {
      const response = await upload(organiser, organiser.organizationId);
      expect(response.statusCode, `upload ${index + 1}`).toBe(201);
    }
    const refused = await upload(organiser, organiser.organizationId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      httpStatus: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many uploads\. Please wait \d+ minutes? and try again\.$/),
    });
    expect(storedFiles(organiser.organizationId)).toHaveLength(uploadsPerAccount.limit);

    // The limit is the account's: a colleague of the same organisation still uploads.
    const manager = await memberWithRole(organiser, 'manager');
    expect((await upload(manager, organiser.organizationId)).statusCode).toBe(201);
  });

  it('refuses an upload past the organisation’s image count with 403, and stores nothing', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    await alreadyStored(organiser, organizationImageQuota.images - 1, 1000);
    expect((await upload(organiser, organiser.organizationId)).statusCode).toBe(201);
    const refused = await upload(organiser, organiser.organizationId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      httpStatus: 'FORBIDDEN',
      message:
        'Your organisation has used all of its image storage (1,000 images or 500 MB). Please contact the help desk to raise it.',
    });
    expect(storedFiles(organiser.organizationId)).toHaveLength(1);
  });

  it('refuses an upload that would take the organisation past its bytes with 403', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const earlier = Math.floor(organizationImageQuota.bytes / maxImageBytes);
    await alreadyStored(organiser, earlier, maxImageBytes);
    const room = organizationImageQuota.bytes - earlier * maxImageBytes;
    const tooLarge = Buffer.concat([png1x1, Buffer.alloc(room - png1x1.length + 1)]);
    expect((await upload(organiser, organiser.organizationId, tooLarge)).statusCode).toBe(403);
    const fits = Buffer.concat([png1x1, Buffer.alloc(room - png1x1.length)]);
    expect((await upload(organiser, organiser.organizationId, fits)).statusCode).toBe(201);
  });

  it('lets only as many of several uploads racing for the last room through as fit', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    await alreadyStored(organiser, organizationImageQuota.images - 2, 1000);
    const manager = await memberWithRole(organiser, 'manager');
    const responses = await Promise.all(
      [organiser, manager, organiser, manager, organiser, manager].map((who) => upload(who, organiser.organizationId)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 403, 403, 403, 403]);
    const kept = await api.database.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organiser.organizationId)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(organizationImageQuota.images);
    expect(storedFiles(organiser.organizationId)).toHaveLength(2);
  });
});
