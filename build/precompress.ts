// Writes .br and .gz beside each compressible client file, so they are served without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(js|css|html|svg|webmanifest|json|txt)$/;
const root = process.argv[2] ?? 'dist/client';

const entries = await readdir(root, { recursive: true, withFileTypes: true });
let count = 0;
for (const entry of entries) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const source = await readFile(path);
  if (source.length < 1024) continue;
  await writeFile(`${path}.br`, await brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${path}.gz`, await gz(source, { level: 9 }));
  count += 1;
}
process.stdout.write(`Precompressed ${count} files in ${root}\n`);
