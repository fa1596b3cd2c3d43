// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../contract/public-config.ts';
import { apiRequest } from '../api-client.ts';
import { ImageTooLargeError } from './process-image.ts';
import { uploadImage } from './upload-image.ts';

vi.mock('../api-client.ts', () => ({ apiRequest: vi.fn() }));
vi.mock('../toasts.tsx', () => ({ toast: { error: vi.fn() } }));

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
  it('posts the processed bytes to the API with their type and the caller’s name', async () => {
    vi.mocked(apiRequest).mockResolvedValue({ key: 'users/u/poster.webp', url: '/api/uploads/file/users/u/poster.webp?x' });
    const stored = await uploadImage(photo, 'poster', { config, compress: processedTo(1000, 'image/webp') });
    expect(stored).toEqual({ key: 'users/u/poster.webp', url: '/api/uploads/file/users/u/poster.webp?x' });
    const call = vi.mocked(apiRequest).mock.calls[0]?.[0];
    expect(call).toMatchObject({
      method: 'POST',
      url: '/uploads',
      params: { name: 'poster' },
      headers: { 'Content-Type': 'image/webp' },
    });
    expect((call?.data as Blob | undefined)?.size).toBe(1000);
  });

  it('sends nothing when the processed image is over 5,120,000 bytes', async () => {
    await expect(uploadImage(photo, 'poster', { config, compress: processedTo(5_120_001, 'image/jpeg') })).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
    expect(apiRequest).not.toHaveBeenCalled();
  });
});
