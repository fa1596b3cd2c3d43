import 'fake-indexeddb/auto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as idbGet } from 'idb-keyval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { warmS3Credentials } from '../../server/lib/storage/s3-links.ts';
import { signedImageUrl } from '../../server/lib/storage/signed-links.ts';
import { type AwsStorageConfig, createAwsUploader } from '../../src/lib/storage/aws-upload.ts';
import { createIdentityCache, type KeyValueStore } from '../../src/lib/storage/identity-cache.ts';
import { type AwsPeers, download, startAwsPeers } from '../fixtures/aws-peers.ts';
import type { CognitoIdentityPeer } from '../fixtures/cognito-identity-peer.ts';
import { jpeg3x2, png1x1, png3x2, webp3x2 } from '../fixtures/images.ts';

const region = 'eu-west-1';
const bucket = 'admit-images';
let peers: AwsPeers;
let cognito: CognitoIdentityPeer;
let settings: AwsStorageConfig;
const newPool = () => peers.newPool();

beforeAll(async () => {
  peers = await startAwsPeers();
  cognito = peers.cognito;
  settings = peers.settings;
});

afterAll(() => peers?.close());

/** The operations the identity service saw while `work` ran. */
async function identityCalls(work: () => Promise<unknown>): Promise<string[]> {
  const before = cognito.calls.length;
  await work();
  return cognito.operations().slice(before);
}

describe('browser uploads to S3 with an identity pool (no login)', () => {
  it('gets an identity, then credentials, puts the object and returns a one-hour link to the same bytes', async () => {
    const identityPoolId = newPool();
    const uploader = createAwsUploader({ ...settings, identityPoolId });
    const key = 'uploads/summer-poster.png';

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

  it('overwrites nothing it was not told to: each object is stored under the key it is given only', async () => {
    const uploader = createAwsUploader({ ...settings, identityPoolId: newPool() });
    const first = await uploader.upload(png3x2, 'image/png', 'uploads/first.png');
    const second = await uploader.upload(png1x1, 'image/png', 'uploads/second.png');
    expect([first.key, second.key]).toEqual(['uploads/first.png', 'uploads/second.png']);
    expect((await download(first.url)).bytes.equals(png3x2)).toBe(true);
    expect((await download(await uploader.link(second.key))).bytes.equals(png1x1)).toBe(true);
  });
});

describe('server links to S3 objects', () => {
  it('presigns a one-hour GET with the server’s own credentials', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-aws-')), ...peers.env() });
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
});
