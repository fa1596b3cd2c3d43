import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { presignS3Get, type S3Settings, s3ImageUrl, s3ObjectUrl, warmS3Credentials } from './s3-links.ts';

const signingDate = new Date('2026-03-14T09:26:53.589Z');
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

/** What @aws-sdk/s3-request-presigner makes for the same object, credentials and moment. */
function sdkPresign(settings: S3Settings, key: string, withCredentials: typeof credentials & { sessionToken?: string }) {
  const client = new S3Client({
    region: settings.awsRegion ?? 'us-east-1',
    credentials: withCredentials,
    ...(settings.s3Endpoint ? { endpoint: settings.s3Endpoint, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return getSignedUrl(client, new GetObjectCommand({ Bucket: settings.bucket ?? '', Key: key }), {
    expiresIn: 3600,
    signingDate,
  });
}

describe('presigned S3 links made on the server', () => {
  it.each([
    ['AWS, virtual-hosted', { awsRegion: 'eu-west-1', bucket: 'admit-images', s3Endpoint: null }, 'uploads/poster.png'],
    [
      'a custom endpoint, path-style',
      { awsRegion: 'eu-west-1', bucket: 'admit-images', s3Endpoint: 'http://127.0.0.1:4569' },
      'uploads/a.jpg',
    ],
    ['a dotted bucket', { awsRegion: 'us-east-2', bucket: 'images.admit.example', s3Endpoint: null }, 'uploads/x.webp'],
    ['an awkward key', { awsRegion: 'ap-south-1', bucket: 'admit', s3Endpoint: null }, "uploads/Café (1)+ünï*'!~.png"],
  ])('sign exactly as the AWS SDK presigner does: %s', async (_case, settings, key) => {
    expect(presignS3Get(settings, credentials, key, signingDate)).toBe(await sdkPresign(settings, key, credentials));
    const session = { ...credentials, sessionToken: 'IQoJb3JpZ2luX2VjE/session+token==' };
    expect(presignS3Get(settings, session, key, signingDate)).toBe(await sdkPresign(settings, key, session));
  });

  it('point at the object itself when unsigned', () => {
    expect(s3ObjectUrl({ awsRegion: 'eu-west-1', bucket: 'b', s3Endpoint: null }, 'uploads/a b.png')).toBe(
      'https://b.s3.eu-west-1.amazonaws.com/uploads/a%20b.png',
    );
    expect(s3ObjectUrl({ awsRegion: 'eu-west-1', bucket: 'b', s3Endpoint: 'http://127.0.0.1:9000/' }, 'uploads/a.png')).toBe(
      'http://127.0.0.1:9000/b/uploads/a.png',
    );
  });

  describe('without any AWS credentials on the server', () => {
    beforeAll(() => {
      // Every source of the standard chain empty, and no instance-metadata look-up over the network.
      for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE']) vi.stubEnv(name, '');
      for (const name of [
        'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
        'AWS_CONTAINER_CREDENTIALS_FULL_URI',
        'AWS_WEB_IDENTITY_TOKEN_FILE',
      ]) {
        vi.stubEnv(name, '');
      }
      vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
      vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent/admit-aws-config');
      vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent/admit-aws-credentials');
    });
    afterAll(() => vi.unstubAllEnvs());

    it('give the plain object URL', async () => {
      const settings = { awsRegion: 'sa-east-1', bucket: 'public-images', s3Endpoint: null };
      await warmS3Credentials(settings);
      expect(s3ImageUrl(settings, 'uploads/a.png')).toBe('https://public-images.s3.sa-east-1.amazonaws.com/uploads/a.png');
    });
  });
});
