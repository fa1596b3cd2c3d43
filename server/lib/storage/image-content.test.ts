import { describe, expect, it } from 'vitest';
import {
  avif2x2,
  heicHeader,
  jpeg3x2,
  pdfDocument,
  png1x1,
  png3x2,
  svgImage,
  webp3x2,
  webpLossless1x1,
  webpLossy1x1,
} from '../../../tests/fixtures/images.ts';
import { detectImage } from './image-content.ts';

describe('image content detection', () => {
  it('recognises each accepted type by its bytes and reads the pixel size from the header', () => {
    expect(detectImage(png1x1)).toEqual({ contentType: 'image/png', width: 1, height: 1 });
    expect(detectImage(png3x2)).toEqual({ contentType: 'image/png', width: 3, height: 2 });
    expect(detectImage(jpeg3x2)).toEqual({ contentType: 'image/jpeg', width: 3, height: 2 });
    expect(detectImage(webpLossy1x1)).toEqual({ contentType: 'image/webp', width: 1, height: 1 });
    expect(detectImage(webpLossless1x1)).toEqual({ contentType: 'image/webp', width: 1, height: 1 });
    expect(detectImage(webp3x2)).toEqual({ contentType: 'image/webp', width: 3, height: 2 });
    expect(detectImage(avif2x2)).toEqual({ contentType: 'image/avif', width: null, height: null });
  });

  it('refuses text, SVG, PDF, HEIC and empty input', () => {
    for (const bytes of [Buffer.from('hello, world'), svgImage, pdfDocument, heicHeader, Buffer.alloc(0)]) {
      expect(detectImage(bytes)).toBeNull();
    }
  });

  it('refuses a file that only starts like an image', () => {
    expect(detectImage(png3x2.subarray(0, 20))).toBeNull();
    expect(detectImage(jpeg3x2.subarray(0, 200))).toBeNull();
    expect(detectImage(webp3x2.subarray(0, 20))).toBeNull();
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });

  it('reads a header that is not at the start of its buffer', () => {
    const pool = Buffer.concat([Buffer.from('junk'), jpeg3x2]).subarray(4);
    expect(detectImage(pool)).toEqual({ contentType: 'image/jpeg', width: 3, height: 2 });
  });
});
