import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, with a trailing slash. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every TypeScript source file under `folder` (relative to the root), tests and test helpers left out, as root-relative paths. */
export function sourceFiles(folder: string): string[] {
  const walk = (path: string): string[] =>
    readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
      const inner = join(path, entry.name);
      if (entry.isDirectory()) return walk(inner);
      return /\.tsx?$/.test(entry.name) && !/\.test(-helper)?\.tsx?$/.test(entry.name) ? [inner] : [];
    });
  return walk(join(root, folder)).map((path) => relative(root, path).replaceAll('\\', '/'));
}
