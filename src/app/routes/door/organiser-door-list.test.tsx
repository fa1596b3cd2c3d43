import { describe, expect, it } from 'vitest';
import { type RenderOptions, render } from '../../../entry-server.tsx';

const config = {
  apiBase: '/api',
  appUrl: null,
  awsRegion: null,
  identityPoolId: null,
  bucket: null,
  s3Endpoint: null,
  cognitoEndpoint: null,
  storageDriver: 'local' as const,
  devMailbox: false,
  mapsApiKey: null,
  allowedExternalOrigins: [],
};

/** A signed-in member of organisation org-1, with an access token for a week. */
function memberCookies() {
  const payload = Buffer.from(JSON.stringify({ sub: 'user-1', org: 'org-1' })).toString('base64url');
  return {
    accessToken: `e30.${payload}.signature`,
    tokenExpiry: String(Math.floor(Date.now() / 1000) + 7 * 24 * 3600),
    u: 'user-1',
    email: 'door@example.test',
  };
}

async function statusOf(path: string): Promise<number> {
  const apiInject: RenderOptions['apiInject'] = async () => ({ statusCode: 200, body: '{"data":{}}' });
  const result = await render({
    request: new Request(`http://admit.test${path}`),
    nonce: 'n',
    state: { config, origin: 'http://admit.test' },
    assets: {
      entry: '/assets/entry.js',
      css: [],
      cssText: () => undefined,
      chunksFor: () => [],
      pageFiles: () => ({}),
    },
    cookies: memberCookies(),
    apiInject,
    onError: () => {},
  });
  if (result.kind === 'html') result.pipe(new (await import('node:stream')).PassThrough().resume());
  return result.status;
}

describe('the door list page', () => {
  it('answers Page Not Found (404) for an address whose event id is not an id', async () => {
    for (const path of [
      '/organizer/events/not-a-uuid/door-list',
      '/organizer/events/new/door-list',
      '/organizer/events/%20/door-list',
    ]) {
      expect(await statusOf(path), path).toBe(404);
    }
  });

  it('opens for a well-formed event id', async () => {
    expect(await statusOf('/organizer/events/22222222-2222-4222-8222-222222222222/door-list')).toBe(200);
  });
});
