import { randomUUID } from 'node:crypto';
import { constants, createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Keys are relative paths of lowercase segments: no `..`, no leading dot, no backslashes. */
const keyPattern = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export const isStorableKey = (key: string) => key.length <= 300 && keyPattern.test(key) && !key.includes('..');

export interface StoredFile {
  size: number;
  stream: ReadStream;
}

/** Image files under `DATA_DIR/uploads/`, written atomically and never over an existing file. */
export interface LocalStorage {
  /** `exists` when a file already has that key: it is left untouched. */
  put(key: string, bytes: Uint8Array): Promise<'stored' | 'exists'>;
  read(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

export function createLocalStorage(dataDir: string): LocalStorage {
  const root = resolve(dataDir, 'uploads');

  function pathOf(key: string): string {
    const path = resolve(root, key);
    if (!isStorableKey(key) || !path.startsWith(root + sep)) throw new Error(`Not a storable key: ${key}`);
    return path;
  }

  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written whole and flushed under a temporary name, then linked into place: readers see the
      // complete file or none, and a link (unlike a rename) fails rather than replacing a file.
      const temporary = join(dirname(path), `.${randomUUID()}.tmp`);
      const handle = await open(temporary, 'wx', 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await linkExclusive(temporary, path);
        return 'stored';
      } catch (error) {
        if (errorCode(error) === 'EEXIST') return 'exists';
        throw error;
      } finally {
        await unlink(temporary).catch(() => undefined);
      }
    },

    async read(key) {
      if (!isStorableKey(key)) return null;
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { size: info.size, stream: createReadStream(path) };
      } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
        throw error;
      }
    },

    async remove(key) {
      await unlink(pathOf(key)).catch((error: unknown) => {
        if (errorCode(error) !== 'ENOENT') throw error;
      });
    },
  };
}

/** Hard-links `from` to `to`, failing with EEXIST when `to` exists; copies exclusively where links are unsupported. */
async function linkExclusive(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EXDEV') throw error;
    await copyFile(from, to, constants.COPYFILE_EXCL);
  }
}
