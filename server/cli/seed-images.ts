import { readFile } from 'node:fs/promises';
import type { Db } from '../db/database.ts';
import { claimUploadKey } from '../features/uploads/uploads.repository.ts';
import { detectImage } from '../lib/storage/image-content.ts';
import { createLocalStorage } from '../lib/storage/local-storage.ts';

/**
 * Stores an image of the seed-assets folder under `key` as the organisation's own upload (a cover, a logo), so it is
 * served and linked like one; null when the file is not an image.
 */
export async function storeSeedImage(
  db: Db,
  dataDir: string,
  organisation: { id: string; owner_id: string },
  file: string,
  key: string,
): Promise<string | null> {
  const bytes = new Uint8Array(await readFile(file));
  const image = detectImage(bytes);
  if (!image) return null;
  await createLocalStorage(dataDir).put(key, bytes);
  // Seeded again: the image's row is there already.
  await claimUploadKey(db, {
    key,
    owner_id: organisation.owner_id,
    organization_id: organisation.id,
    content_type: image.contentType,
    size_bytes: bytes.length,
    width: image.width,
    height: image.height,
    stored_at: new Date(),
  });
  return key;
}
