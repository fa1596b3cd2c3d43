import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Sharp, SharpOptions } from 'sharp';
import { createLocalStorage, type StoredFile } from './local-storage.ts';

/**
 * The widths a stored image is offered at beside the original: a card on a phone, a phone's full width at 2×,
 * a phone's full width at 3× or a desktop page's column, a wide screen at 2×.
 */
export const sizedImageWidths = [480, 720, 1080, 1440] as const;
export type SizedImageWidth = (typeof sizedImageWidths)[number];

export const isSizedImageWidth = (value: number): value is SizedImageWidth =>
  (sizedImageWidths as readonly number[]).includes(value);

/** The original's bytes by key: from this server's disk or from the bucket. Null when it is not there. */
export type OriginalImageReader = (key: string) => Promise<Uint8Array | null>;

export interface SizedImages {
  /** The image at that width (never wider than the original), made once and kept; null when the original is gone. */
  open(key: string, width: SizedImageWidth): Promise<StoredFile | null>;
}

/** Larger than any image the upload path lets through (2048 × 2048 after processing); a pixel bomb is refused. */
const maxInputPixels = 40_000_000;
const webpQuality = 72;

type SharpFactory = (input: Uint8Array, options: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | null = null;

/** libvips loads with the first resize, not with the server. */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // One thread and no cache: the server renders pages on the same cores, and copies are kept on disk.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** An original the resizer cannot read: damaged, not an image it knows, or too many pixels. */
export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

export const isUnreadableImage = (error: unknown): error is UnreadableImageError => error instanceof UnreadableImageError;

/** A WebP of the image no wider than `width`, turned the way its EXIF says, without its metadata. */
export async function resizeImage(original: Uint8Array, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(original, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: webpQuality })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError(`The image cannot be resized: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Sized copies of stored images, made on first request and kept under `DATA_DIR/sized-images/`. A copy's name is
 * a hash of the key, so no key can name a path. Requests for the same copy while it is being made share one
 * resize, and resizes run one after another.
 */
export function createSizedImages(dataDir: string, readOriginal: OriginalImageReader): SizedImages {
  const kept = createLocalStorage(join(dataDir, 'sized-images'));
  const making = new Map<string, Promise<boolean>>();
  let queue: Promise<unknown> = Promise.resolve();

  const copyKey = (key: string, width: number) => `${width}/${createHash('sha256').update(key).digest('hex').slice(0, 40)}.webp`;

  /** Makes and keeps the copy; false when there is no original. */
  function make(key: string, copy: string, width: number): Promise<boolean> {
    const task = queue.then(async () => {
      const original = await readOriginal(key);
      if (!original) return false;
      await kept.put(copy, await resizeImage(original, width));
      return true;
    });
    queue = task.catch(() => undefined);
    return task;
  }

  return {
    async open(key, width) {
      const copy = copyKey(key, width);
      const ready = await kept.read(copy);
      if (ready) return ready;
      let pending = making.get(copy);
      if (!pending) {
        pending = make(key, copy, width).finally(() => making.delete(copy));
        making.set(copy, pending);
      }
      return (await pending) ? kept.read(copy) : null;
    },
  };
}

/** Reads an original from this server's disk (the `local` driver). */
export function localOriginals(dataDir: string): OriginalImageReader {
  const storage = createLocalStorage(dataDir);
  return async (key) => {
    const file = await storage.read(key);
    return file ? new Uint8Array(await buffer(file.stream)) : null;
  };
}
