import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jpeg3x2, pdfDocument, photoJpeg } from '../../../tests/fixtures/images.ts';
import { detectImage } from './image-content.ts';
import { createSizedImages, isUnreadableImage, resizeImage, sizedImageWidths } from './sized-images.ts';

const photo = () => photoJpeg(1600, 900);

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'admit-sized-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('sized copies of stored images', () => {
  it('makes a WebP no wider than asked, keeping the shape, and smaller than the original', async () => {
    const original = await photo();
    for (const width of sizedImageWidths) {
      const copy = await resizeImage(original, width);
      const expected = Math.min(width, 1600);
      expect(detectImage(copy)).toEqual({
        contentType: 'image/webp',
        width: expected,
        height: Math.round((expected * 9) / 16),
      });
      expect(copy.length).toBeLessThan(original.length);
    }
  });

  it('never enlarges an image smaller than the width asked for', async () => {
    expect(detectImage(await resizeImage(jpeg3x2, 480))).toEqual({ contentType: 'image/webp', width: 3, height: 2 });
  });

  it('refuses what is not an image, or too many pixels, as unreadable', async () => {
    await expect(resizeImage(pdfDocument, 480)).rejects.toSatisfy(isUnreadableImage);
    // A PNG header claiming 10,000 × 10,000 pixels: refused before it is decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(resizeImage(bomb, 480)).rejects.toSatisfy(isUnreadableImage);
  });

  it('makes each copy once, however many ask at the same time, and serves the kept copy after', async () => {
    const original = await photo();
    const reads: string[] = [];
    const sized = createSizedImages(dataDir, async (key) => {
      reads.push(key);
      return key === 'seed/covers/a.jpg' ? original : null;
    });
    const files = await Promise.all(Array.from({ length: 5 }, () => sized.open('seed/covers/a.jpg', 720)));
    const bodies = await Promise.all(files.map(async (file) => (file ? buffer(file.stream) : null)));
    expect(reads).toEqual(['seed/covers/a.jpg']);
    for (const body of bodies) expect(body && detectImage(body)?.width).toBe(720);

    const again = await sized.open('seed/covers/a.jpg', 720);
    expect(again?.size).toBe(bodies[0]?.length);
    await again?.stream.destroy();
    expect(reads).toHaveLength(1);
    // Kept under a hash of the key, one folder per width.
    const kept = await readdir(join(dataDir, 'sized-images', 'uploads', '720'));
    expect(kept).toEqual([expect.stringMatching(/^[0-9a-f]{40}\.webp$/)]);
  });

  it('answers null when the original is gone, and tries again on the next request', async () => {
    const reads: string[] = [];
    const sized = createSizedImages(dataDir, async (key) => {
      reads.push(key);
      return null;
    });
    expect(await sized.open('organizations/x/gone.png', 480)).toBeNull();
    expect(await sized.open('organizations/x/gone.png', 480)).toBeNull();
    expect(reads).toHaveLength(2);
  });

  it('keeps serving other images after one fails', async () => {
    const original = await photo();
    const sized = createSizedImages(dataDir, async (key) => (key.endsWith('bad.png') ? pdfDocument : original));
    await expect(sized.open('organizations/x/bad.png', 480)).rejects.toSatisfy(isUnreadableImage);
    const good = await sized.open('organizations/x/good.jpg', 480);
    expect(good && detectImage(await buffer(good.stream))?.width).toBe(480);
  });
});
