import type { CognitoIdentityClient } from '@aws-sdk/client-cognito-identity';
import type { S3Client } from '@aws-sdk/client-s3';
import { imageLinkTtlSeconds } from '../../contract/uploads.ts';
import { createIdentityCache, type IdentityCache } from './identity-cache.ts';

// No DOM here: this is the spec's storage path (Cognito identity pool without login, then S3),
// runnable in Node against protocol peers. The AWS SDK is only ever loaded with import(). Keys are
// handed out by the API (`POST /uploads/key`), never made up here.

export interface AwsStorageConfig {
  awsRegion: string;
  identityPoolId: string;
  bucket: string;
  /** An S3-compatible endpoint (path-style) instead of AWS's. */
  s3Endpoint?: string | null;
  cognitoEndpoint?: string | null;
}

export interface StoredObject {
  key: string;
  /** A presigned GET, valid for 3600 s. */
  url: string;
}

export interface AwsUploader {
  upload(body: Uint8Array, contentType: string, key: string): Promise<StoredObject>;
  /** A new presigned GET for a key. */
  link(key: string): Promise<string>;
}

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

const loadSdk = () =>
  Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
    import('@aws-sdk/client-cognito-identity'),
  ]).then(([s3, presigner, cognito]) => ({ s3, presigner, cognito }));

type Sdk = Awaited<ReturnType<typeof loadSdk>>;

const renewBeforeMs = 5 * 60_000;
/** A cached identity the pool no longer knows (deleted, or another pool's). */
const staleIdentityErrors = new Set(['ResourceNotFoundException', 'NotAuthorizedException']);

export function createAwsUploader(
  config: AwsStorageConfig,
  identityCache: IdentityCache = createIdentityCache(config.identityPoolId),
): AwsUploader {
  let clients: Promise<{ sdk: Sdk; s3: S3Client; cognito: CognitoIdentityClient }> | null = null;
  let credentials: Credentials | null = null;
  let pendingCredentials: Promise<Credentials> | null = null;

  const load = () => {
    clients ??= loadSdk().then((sdk) => ({
      sdk,
      cognito: new sdk.cognito.CognitoIdentityClient({
        region: config.awsRegion,
        ...(config.cognitoEndpoint ? { endpoint: config.cognitoEndpoint } : {}),
      }),
      s3: new sdk.s3.S3Client({
        region: config.awsRegion,
        credentials: currentCredentials,
        ...(config.s3Endpoint ? { endpoint: config.s3Endpoint, forcePathStyle: true } : {}),
        // Checksums only where S3 demands them: plain PUTs work on S3-compatible stores too.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return clients;
  };

  async function identityId(cognito: CognitoIdentityClient, sdk: Sdk): Promise<{ id: string; cached: boolean }> {
    const cached = await identityCache.get();
    if (cached) return { id: cached, cached: true };
    const { IdentityId } = await cognito.send(new sdk.cognito.GetIdCommand({ IdentityPoolId: config.identityPoolId }));
    if (!IdentityId) throw new Error('The identity pool returned no identity id.');
    await identityCache.set(IdentityId);
    return { id: IdentityId, cached: false };
  }

  async function fetchCredentials(): Promise<Credentials> {
    const { sdk, cognito } = await load();
    const forIdentity = (IdentityId: string) => cognito.send(new sdk.cognito.GetCredentialsForIdentityCommand({ IdentityId }));
    const identity = await identityId(cognito, sdk);
    let response: Awaited<ReturnType<typeof forIdentity>>;
    try {
      response = await forIdentity(identity.id);
    } catch (error) {
      if (!identity.cached || !staleIdentityErrors.has((error as Error).name)) throw error;
      await identityCache.clear();
      response = await forIdentity((await identityId(cognito, sdk)).id);
    }
    const issued = response.Credentials;
    if (!issued?.AccessKeyId || !issued.SecretKey) throw new Error('The identity pool returned no credentials.');
    return {
      accessKeyId: issued.AccessKeyId,
      secretAccessKey: issued.SecretKey,
      ...(issued.SessionToken ? { sessionToken: issued.SessionToken } : {}),
      ...(issued.Expiration ? { expiration: issued.Expiration } : {}),
    };
  }

  /** Temporary credentials, renewed a few minutes before they expire; one request at a time. */
  async function currentCredentials(): Promise<Credentials> {
    const fresh = credentials && (!credentials.expiration || credentials.expiration.getTime() - Date.now() > renewBeforeMs);
    if (credentials && fresh) return credentials;
    pendingCredentials ??= fetchCredentials().finally(() => {
      pendingCredentials = null;
    });
    credentials = await pendingCredentials;
    return credentials;
  }

  async function link(key: string): Promise<string> {
    const { sdk, s3 } = await load();
    return sdk.presigner.getSignedUrl(s3, new sdk.s3.GetObjectCommand({ Bucket: config.bucket, Key: key }), {
      expiresIn: imageLinkTtlSeconds,
    });
  }

  return {
    async upload(body, contentType, key) {
      const { sdk, s3 } = await load();
      await s3.send(new sdk.s3.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }));
      return { key, url: await link(key) };
    },
    link,
  };
}
