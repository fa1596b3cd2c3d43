import { readFile } from 'node:fs/promises';
import { marked } from 'marked';
import type { Plugin } from 'vite';

/**
 * Imports `.md` files from the repository as `{ html, title }`, rendered at build time.
 * The Markdown is our own trusted content, so it is not sanitised again here.
 */
export function markdownPlugin(): Plugin {
  return {
    name: 'admit:markdown',
    async load(id) {
      if (!id.endsWith('.md')) return null;
      const source = await readFile(id, 'utf8');
      const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? '';
      const html = await marked.parse(source, { gfm: true });
      return `export default ${JSON.stringify({ html, title })};`;
    },
  };
}
