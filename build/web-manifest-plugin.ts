import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** Emits the repository's `manifest.webmanifest` into the client build under its own name. */
export function webManifestPlugin(path: string): Plugin {
  return {
    name: 'admit:web-manifest',
    apply: 'build',
    async generateBundle() {
      if (this.environment?.config.build.ssr) return;
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: await readFile(path, 'utf8') });
    },
  };
}
