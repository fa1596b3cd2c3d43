// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../contract/public-config.ts';
import { apiRequest } from '../api-client.ts';
import { createAwsUploader } from './aws-upload.ts';
import { ImageTooLargeError } from './process-image.ts';
import { uploadImage } from './upload-image.ts';

vi.mock('../api-client.ts', () => ({ apiRequest: vi.fn() }));
vi.mock('../toasts.tsx', () => ({ toast: { error: vi.fn() } }));
vi.mock('./aws-upload.ts', () => ({ createAwsUploader: vi.fn() }));

const organizationId = '6f1c2a8e-4b7d-4e21-9a0b-3c5d7e9f1a2b';

const config: PublicConfig = {
  apiBase: '/api',
  appUrl: null,
  awsRegion: null,
  identityPoolId: null,
  bucket: null,
  s3Endpoint: null,
  cognitoEndpoint: null,
  storageDriver: 'local',
  devMailbox: false,
  mapsApiKey: null,
  allowedExternalOrigins: [],
};
const photo = new File([new Uint8Array(32)], 'Poster.jpg', { type: 'image/jpeg' });
const processedTo = (size: number, type: string) => async () => new Blob([new Uint8Array(size)], { type });

beforeEach(() => vi.mocked(apiRequest).mockReset());

describe('uploading an image from the browser (local driver)', () => {
  it('posts the processed bytes to the API with their type, the organisation and the caller’s name', async () => {
    const key = `organizations/${organizationId}/poster.webp`;
    vi.mocked(apiRequest).mockResolvedValue({ key, url: `/api/uploads/file/${key}?x` });
    const stored = await uploadImage(photo, organizationId, 'poster', { config, compress: processedTo(1000, 'image/webp') });
    expect(stored).toEqual({ key, url: `/api/uploads/file/${key}?x` });
    const call = vi.mocked(apiRequest).mock.calls[0]?.[0];
    expect(call).toMatchObject({
      method: 'POST',
      url: '/uploads',
      params: { organizationId, name: 'poster' },
      headers: { 'Content-Type': 'image/webp' },
    });
    expect((call?.data as Blob | undefined)?.size).toBe(1000);
  });

  it('sends nothing when the processed image is over 5,120,000 bytes', async () => {
    await expect(
      uploadImage(photo, organizationId, 'poster', { config, compress: processedTo(5_120_001, 'image/jpeg') }),
    ).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(apiRequest).not.toHaveBeenCalled();
  });
});

describe('uploading an image from the browser (aws driver)', () => {
  const aws: PublicConfig = {
    ...config,
    storageDriver: 'aws',
    awsRegion: 'eu-west-1',
    identityPoolId: 'eu-west-1:pool',
    bucket: 'images',
  };

  it('asks the API for a key, puts the object under exactly that key, then has the API record it', async () => {
    const key = `uploads/${organizationId}/poster-0123456789abcdef.webp`;
    const upload = vi.fn().mockResolvedValue({ key, url: 'https://s3.example/browser-link' });
    vi.mocked(createAwsUploader).mockReturnValue({ upload, link: vi.fn() });
    vi.mocked(apiRequest)
      .mockResolvedValueOnce({ key })
      .mockResolvedValueOnce({ key, url: 'https://s3.example/server-link', contentType: 'image/webp' });

    const stored = await uploadImage(photo, organizationId, 'poster', { config: aws, compress: processedTo(1000, 'image/webp') });

    expect(stored).toEqual({ key, url: 'https://s3.example/server-link' });
    const [reserve, record] = vi.mocked(apiRequest).mock.calls.map(([call]) => call);
    expect(reserve).toMatchObject({
      method: 'POST',
      url: '/uploads/key',
      data: { organizationId, name: 'poster', contentType: 'image/webp', sizeBytes: 1000 },
    });
    expect(upload).toHaveBeenCalledWith(expect.any(Uint8Array), 'image/webp', key);
    expect(record).toMatchObject({ method: 'POST', url: '/uploads/stored', data: { key } });
    expect(upload.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(apiRequest).mock.invocationCallOrder[1] as number);
  });

  it('records nothing when the put into the bucket fails', async () => {
    const key = `uploads/${organizationId}/poster-0123456789abcdef.jpg`;
    vi.mocked(createAwsUploader).mockReturnValue({ upload: vi.fn().mockRejectedValue(new Error('AccessDenied')), link: vi.fn() });
    vi.mocked(apiRequest).mockResolvedValueOnce({ key });
    await expect(
      uploadImage(photo, organizationId, 'poster', {
        config: { ...aws, bucket: 'other-images' },
        compress: processedTo(1000, 'image/jpeg'),
      }),
    ).rejects.toThrow('AccessDenied');
    expect(vi.mocked(apiRequest).mock.calls.map(([call]) => call.url)).toEqual(['/uploads/key']);
  });
});
