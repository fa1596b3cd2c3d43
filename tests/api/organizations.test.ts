import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('organisation profiles', () => {
  it('are public to read and changed by their owners only', async () => {
    const owner = await verifiedOrganizer(api.app, api.database.db, 'Quayside Sounds');
    const url = `/api/organizations/${owner.organizationId}`;
    const changed = await api.app.inject({
      method: 'PATCH',
      url,
      headers: owner.bearer,
      payload: {
        description: 'Live music by the river.',
        website: 'https://quayside.example',
        city: 'Newcastle',
        socialLinks: { instagram: 'https://instagram.example/quayside' },
      },
    });
    expect(changed.statusCode).toBe(200);
    const profile = (await api.app.inject({ method: 'GET', url })).json().data;
    expect(profile).toMatchObject({
      name: 'Quayside Sounds',
      description: 'Live music by the river.',
      website: 'https://quayside.example',
      city: 'Newcastle',
      socialLinks: { instagram: 'https://instagram.example/quayside' },
      kycStatus: 'verified',
      logoUrl: null,
    });

    const rival = await verifiedOrganizer(api.app, api.database.db, 'Rival');
    const attendee = await signedInAccount(api.app, api.database.db);
    for (const headers of [rival.bearer, attendee.bearer]) {
      expect((await api.app.inject({ method: 'PATCH', url, headers, payload: { name: 'Taken over' } })).statusCode).toBe(404);
    }
    expect((await api.app.inject({ method: 'PATCH', url, payload: { name: 'Anonymous' } })).statusCode).toBe(401);
  });

  it('refuse bad profile fields with field errors', async () => {
    const owner = await verifiedOrganizer(api.app, api.database.db);
    const response = await api.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${owner.organizationId}`,
      headers: owner.bearer,
      payload: { name: 'x', website: 'javascript:alert(1)', contactEmail: 'nope', socialLinks: { instagram: 'not a url' } },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['body.contactEmail', 'body.name', 'body.socialLinks.instagram', 'body.website']);
  });

  it('keep the time zone new events start in: set, refused when it is not a real zone, and cleared', async () => {
    const owner = await verifiedOrganizer(api.app, api.database.db);
    const url = `/api/organizations/${owner.organizationId}`;
    const patch = (payload: object) => api.app.inject({ method: 'PATCH', url, headers: owner.bearer, payload });
    expect((await api.app.inject({ method: 'GET', url })).json().data.timezone).toBeNull();
    expect((await patch({ timezone: 'America/New_York' })).json().data.timezone).toBe('America/New_York');
    const wrong = await patch({ timezone: 'Mars/Olympus_Mons' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'body.timezone', message: 'Choose a real time zone, e.g. Europe/London.' }]);
    expect((await api.app.inject({ method: 'GET', url })).json().data.timezone).toBe('America/New_York');
    expect((await patch({ timezone: null })).json().data.timezone).toBeNull();
  });

  it('answer 404 for an unknown organisation and 400 for a malformed id', async () => {
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/organizations/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: '/api/organizations/abc' })).statusCode).toBe(400);
  });
});
