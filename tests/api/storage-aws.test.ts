import 'fake-indexeddb/auto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as idbGet } from 'idb-keyval';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { warmS3Credentials } from '../../server/lib/storage/s3-links.ts';
import { signedImageUrl } from '../../server/lib/storage/signed-links.ts';
import { type AwsStorageConfig, awsObjectKey, createAwsUploader } from '../../src/lib/storage/aws-upload.ts';
import { createIdentityCache, type KeyValueStore } from '../../src/lib/storage/identity-cache.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { type CognitoIdentityPeer, startCognitoIdentityPeer } from '../fixtures/cognito-identity-peer.ts';
import { jpeg3x2, png1x1, png3x2, webp3x2 } from '../fixtures/images.ts';
import { createTestApi } from '../fixtures/test-api.ts';

const region = 'eu-west-1';
const bucket = 'admit-images';
let directory: string;
let s3: S3rver;
let cognito: CognitoIdentityPeer;
let settings: AwsStorageConfig;
let poolCounter = 0;

/** A fresh identity pool id per test, so each starts with nothing cached. */
const newPool = () => `${region}:00000000-0000-4000-8000-${String(++poolCounter).padStart(12, '0')}`;

beforeAll(async () => {
  // The server's credentials come from the standard chain: here the environment, and never an instance-metadata look-up.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
  directory = mkdtempSync(join(tmpdir(), 'admit-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await s3.run();
  cognito = await startCognitoIdentityPeer(region);
  settings = {
    awsRegion: region,
    identityPoolId: newPool(),
    bucket,
    s3Endpoint: `http://127.0.0.1:${port}`,
    cognitoEndpoint: cognito.endpoint,
  };
});

afterAll(async () => {
  await cognito?.close();
  await s3?.close();
  rmSync(directory, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** The operations the identity service saw while `work` ran. */
async function identityCalls(work: () => Promise<unknown>): Promise<string[]> {
  const before = cognito.calls.length;
  await work();
  return cognito.operations().slice(before);
}

async function download(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('browser uploads to S3 with an identity pool (no login)', () => {
  it('gets an identity, then credentials, puts the object and returns a one-hour link to the same bytes', async () => {
    const identityPoolId = newPool();
    const uploader = createAwsUploader({ ...settings, identityPoolId });
    const key = awsObjectKey('Summer Poster.PNG', 'image/png');
    expect(key).toBe('uploads/summer-poster.png');

    let stored = { key: '', url: '' };
    const calls = await identityCalls(async () => {
      stored = await uploader.upload(png3x2, 'image/png', key);
    });
    expect(calls).toEqual(['GetId', 'GetCredentialsForIdentity']);
    expect(cognito.calls.at(-2)?.body).toEqual({ IdentityPoolId: identityPoolId });
    expect(stored.key).toBe('uploads/summer-poster.png');

    const link = new URL(stored.url);
    expect(link.pathname).toBe(`/${bucket}/uploads/summer-poster.png`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(link.searchParams.get('X-Amz-Security-Token')).toMatch(/^session-/);
    const image = await download(stored.url);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/png');
    expect(image.bytes.equals(png3x2)).toBe(true);
  });

  it('keeps the identity id in IndexedDB, so the next page makes no get-id call', async () => {
    const identityPoolId = newPool();
    const first = createAwsUploader({ ...settings, identityPoolId });
    const firstCalls = await identityCalls(() => first.upload(png1x1, 'image/png', 'uploads/one.png'));
    expect(firstCalls).toEqual(['GetId', 'GetCredentialsForIdentity']);
    const identityId = cognito.calls.at(-1)?.body.IdentityId;
    expect(await idbGet(`admit:cognito-identity:${identityPoolId}`)).toBe(identityId);

    // The same page again: credentials are still fresh, the identity service is not asked at all.
    expect(await identityCalls(() => first.upload(jpeg3x2, 'image/jpeg', 'uploads/two.jpg'))).toEqual([]);

    // A new page: the identity id comes from IndexedDB; only credentials are asked for.
    const second = createAwsUploader({ ...settings, identityPoolId });
    expect(await identityCalls(() => second.upload(webp3x2, 'image/webp', 'uploads/three.webp'))).toEqual([
      'GetCredentialsForIdentity',
    ]);
    expect(cognito.calls.at(-1)?.body.IdentityId).toBe(identityId);
  });

  it('falls back to local storage when IndexedDB refuses', async () => {
    const identityPoolId = newPool();
    const refusing: KeyValueStore = {
      get: () => Promise.reject(new Error('blocked')),
      set: () => Promise.reject(new Error('blocked')),
      del: () => Promise.reject(new Error('blocked')),
    };
    const saved = new Map<string, string>();
    const local = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    };
    const cache = () => createIdentityCache(identityPoolId, { indexedDb: refusing, local });

    await createAwsUploader({ ...settings, identityPoolId }, cache()).upload(png1x1, 'image/png', 'uploads/local.png');
    expect(saved.get(`admit:cognito-identity:${identityPoolId}`)).toMatch(new RegExp(`^${region}:`));
    const calls = await identityCalls(() =>
      createAwsUploader({ ...settings, identityPoolId }, cache()).upload(png1x1, 'image/png', 'uploads/local-2.png'),
    );
    expect(calls).toEqual(['GetCredentialsForIdentity']);
  });

  it('asks for a new identity when the cached one is no longer known to the pool', async () => {
    const identityPoolId = newPool();
    const cache = createIdentityCache(identityPoolId);
    await cache.set(`${region}:forgotten-identity`);
    const calls = await identityCalls(() =>
      createAwsUploader({ ...settings, identityPoolId }, cache).upload(png1x1, 'image/png', 'uploads/renewed.png'),
    );
    expect(calls).toEqual(['GetCredentialsForIdentity', 'GetId', 'GetCredentialsForIdentity']);
    expect(await cache.get()).toBe(cognito.calls.at(-1)?.body.IdentityId);
  });

  it('overwrites nothing it was not told to: the object is stored under the caller-supplied key only', async () => {
    const uploader = createAwsUploader({ ...settings, identityPoolId: newPool() });
    const first = await uploader.upload(png3x2, 'image/png', awsObjectKey(undefined, 'image/png'));
    const second = await uploader.upload(png1x1, 'image/png', awsObjectKey(undefined, 'image/png'));
    expect(first.key).toMatch(/^uploads\/[0-9a-f-]{36}\.png$/);
    expect(second.key).not.toBe(first.key);
    expect((await download(first.url)).bytes.equals(png3x2)).toBe(true);
    expect((await download(await uploader.link(second.key))).bytes.equals(png1x1)).toBe(true);
  });
});

describe('server links to S3 objects', () => {
  const awsEnv = () => ({
    STORAGE_DRIVER: 'aws',
    PUBLIC_AWS_REGION: region,
    PUBLIC_IDENTITY_POOL_ID: settings.identityPoolId,
    PUBLIC_BUCKET: bucket,
    PUBLIC_S3_ENDPOINT: settings.s3Endpoint ?? '',
    PUBLIC_COGNITO_ENDPOINT: settings.cognitoEndpoint ?? '',
  });

  it('presigns a one-hour GET with the server’s own credentials', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-aws-')), ...awsEnv() });
    const { key } = await createAwsUploader({ ...settings, identityPoolId: newPool() }).upload(
      jpeg3x2,
      'image/jpeg',
      'uploads/server-linked.jpg',
    );
    await warmS3Credentials(config.publicConfig);
    const url = signedImageUrl(config, key) ?? '';
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(new URL(url).searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\//);
    const image = await download(url);
    expect(image.status).toBe(200);
    expect(image.bytes.equals(jpeg3x2)).toBe(true);
    expect(signedImageUrl(config, null)).toBeNull();
  });

  it('gives anyone a fresh link through the API, and leaves storing to the browser', async () => {
    const api = await createTestApi(awsEnv());
    try {
      const { key } = await createAwsUploader({ ...settings, identityPoolId: newPool() }).upload(
        webp3x2,
        'image/webp',
        'uploads/api-linked.webp',
      );
      const response = await api.app.inject({ method: 'POST', url: '/api/uploads/link', payload: { key } });
      expect(response.statusCode).toBe(200);
      const image = await download(response.json().data.url);
      expect(image.bytes.equals(webp3x2)).toBe(true);

      const { bearer } = await signedInAccount(api.app, api.database.db);
      const direct = await api.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: png1x1,
        headers: { ...bearer, 'content-type': 'image/png' },
      });
      // No route stores images on this driver; the API's catch-all refuses the image body.
      expect([404, 415]).toContain(direct.statusCode);
      expect(existsSync(join(api.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await api.close();
    }
  });
});
