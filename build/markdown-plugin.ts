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
      // Wide tables scroll inside a region that keyboards can reach.
      const html = (await marked.parse(source, { gfm: true }))
        .replaceAll('<table>', '<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table>')
        .replaceAll('</table>', '</table></div>');
      return `export default ${JSON.stringify({ html, title })};`;
    },
  };
}
