// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../toasts.tsx';
import { type ImageCompressor, ImageTooLargeError, processImage } from './process-image.ts';

vi.mock('../toasts.tsx', () => ({ toast: { error: vi.fn() } }));

const photo = (type = 'image/jpeg') => new File([new Uint8Array(64)], 'photo', { type });
const compressorGiving = (size: number, type = 'image/jpeg') =>
  vi.fn<ImageCompressor>(async () => new Blob([new Uint8Array(size)], { type }));

beforeEach(() => vi.mocked(toast.error).mockClear());

describe('processing an image before upload', () => {
  it('resizes to 2048 px and aims for about 1 MB, off the main thread, keeping a JPEG a JPEG', async () => {
    const compress = compressorGiving(900_000);
    const processed = await processImage(photo(), compress);
    expect(processed.size).toBe(900_000);
    expect(compress).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ maxWidthOrHeight: 2048, maxSizeMB: 1, useWebWorker: true, fileType: 'image/jpeg' }),
    );
    // The worker loads the library from this origin, never from a CDN.
    expect(new URL(compress.mock.calls[0]?.[1].libURL ?? '').origin).toBe(window.location.origin);
  });

  it('keeps WebP and PNG, and turns what the canvas cannot write into JPEG', async () => {
    for (const [input, output] of [
      ['image/webp', 'image/webp'],
      ['image/png', 'image/png'],
      ['image/gif', 'image/jpeg'],
      ['image/heic', 'image/jpeg'],
    ]) {
      const compress = compressorGiving(10);
      await processImage(photo(input), compress);
      expect(compress.mock.calls[0]?.[1].fileType, input).toBe(output);
    }
  });

  it('accepts a processed image of exactly 5,120,000 bytes', async () => {
    await expect(processImage(photo(), compressorGiving(5_120_000))).resolves.toBeInstanceOf(Blob);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the spec’s message and rejects when the processed image is one byte larger', async () => {
    await expect(processImage(photo(), compressorGiving(5_120_001))).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(toast.error).toHaveBeenCalledWith('Your image cannot be larger than 5MB. Please try again later.', expect.anything());
  });

  it('rejects with the processing error itself', async () => {
    const failure = new Error('The file given is not an image');
    await expect(processImage(photo('text/plain'), () => Promise.reject(failure))).rejects.toBe(failure);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
