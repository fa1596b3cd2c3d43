// Bundles the server (`ssr/main.ts` and every module of this repository it loads) into `dist/node`, which `npm start`
// runs: one file's JavaScript instead of some 900 TypeScript modules stripped at start (decision 065). Packages stay
// in node_modules. A module's own location (`import.meta.url`, `import.meta.dirname`, `import.meta.filename`) is
// rewritten to its source file's, so folders it reads beside itself (migrations, seed images, workers) are found.
import { rmSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { build, type Plugin } from 'rolldown';

const root = resolve(import.meta.dirname, '..');
export const serverBundleDir = resolve(root, 'dist', 'node');

/** `import.meta.*` of a source file, as seen from the bundle's folder (every chunk is written there). */
function sourceLocation(): Plugin {
  return {
    name: 'admit-source-location',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('import.meta.')) return null;
      const fromBundle = (path: string) => relative(serverBundleDir, path).split('\\').join('/');
      const dir = JSON.stringify(`/${fromBundle(dirname(id))}`);
      const file = JSON.stringify(`/${fromBundle(id)}`);
      return code
        .replace(/import\.meta\.url\b/g, `new URL(".${file.slice(1, -1)}", import.meta.url).href`)
        .replace(/import\.meta\.dirname\b/g, `(import.meta.dirname + ${dir})`)
        .replace(/import\.meta\.filename\b/g, `(import.meta.dirname + ${file})`);
    },
  };
}

export async function bundleServer(): Promise<void> {
  rmSync(serverBundleDir, { recursive: true, force: true });
  await build({
    cwd: root,
    input: { main: 'ssr/main.ts' },
    platform: 'node',
    // Bare names are packages, loaded from node_modules as before; `#…` names are this repository's own.
    external: (id) => !/^[./#]/.test(id) && !id.startsWith(root),
    plugins: [sourceLocation()],
    output: { dir: serverBundleDir, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    logLevel: 'warn',
  });
}

if (import.meta.main) {
  const started = performance.now();
  await bundleServer();
  process.stdout.write(`Bundled the server into dist/node in ${Math.round(performance.now() - started)} ms\n`);
}
