import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage, type LocalStorage } from '../../lib/storage/local-storage.ts';

/**
 * Identity documents live apart from images: under `DATA_DIR/private/`, which no route serves and no signed
 * link reaches. They are read only through the API, by the organisation's owners and reviewers.
 */
export function privateDocuments(config: Config): LocalStorage {
  return createLocalStorage(join(config.dataDir, 'private'));
}
