import { Writable } from 'node:stream';
import { type RenderOptions, render } from '../../entry-server.tsx';

// Server-rendering a page of the organiser's area as a signed-in member of the organisation, with the API answering from
// the test's own data: what the page's tests share.

export const organizationId = '11111111-1111-4111-8111-111111111111';

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

/** A signed-in member of the organisation, with an access token for a week. */
function memberCookies() {
  const payload = Buffer.from(JSON.stringify({ sub: 'user-1', org: organizationId })).toString('base64url');
  return {
    accessToken: `e30.${payload}.signature`,
    tokenExpiry: String(Math.floor(Date.now() / 1000) + 7 * 24 * 3600),
    u: 'user-1',
    email: 'owner@example.test',
  };
}

/** An API that answers `data` for each of these paths (the query string aside), and 404 for any other. */
export function apiAnswering(answers: Record<string, unknown>): RenderOptions['apiInject'] {
  return async ({ url }) => {
    const path = url.split('?')[0] ?? '';
    if (path in answers) {
      return { statusCode: 200, body: JSON.stringify({ httpStatus: 'OK', message: 'OK.', data: answers[path] }) };
    }
    return { statusCode: 404, body: JSON.stringify({ httpStatus: 'NOT_FOUND', message: 'Not found.' }) };
  };
}

/** The page at `path` as the server sends it: its status and its whole HTML. */
export async function renderOrganiserPage(path: string, apiInject: RenderOptions['apiInject']) {
  const result = await render({
    request: new Request(`http://admit.test${path}`),
    nonce: 'n',
    state: { config, origin: 'http://admit.test' },
    assets: { entry: '/assets/entry.js', css: [], cssText: () => undefined, chunksFor: () => [], pageFiles: () => ({}) },
    cookies: memberCookies(),
    apiInject,
    onError: () => {},
  });
  let html = '';
  if (result.kind === 'html') {
    await new Promise<void>((resolve) =>
      result.pipe(
        new Writable({
          write(chunk, _encoding, callback) {
            html += chunk.toString();
            callback();
          },
          final(callback) {
            resolve();
            callback();
          },
        }),
      ),
    );
  }
  return { status: result.status, html };
}
