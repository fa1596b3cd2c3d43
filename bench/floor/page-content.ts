// What the page floor shows at an address: Admit's own server HTML of that page, its stylesheet and its body without
// scripts, taken once per bench run and written to the file the page floor's server reads (FLOOR_PAGES).
import { writeFileSync } from 'node:fs';
import type { PageContent } from './src/routes.tsx';

/** The text of every `<style>` of a page, and its body without `<script>` elements. */
export function pageContentOf(html: string): PageContent {
  const stylesheet = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]).join('\n');
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? '';
  return { stylesheet, body: body.replace(/<script\b[\s\S]*?<\/script>/gi, '') };
}

/** Writes the pages (by path, query left out) for the page floor's server to read. */
export function writePageContents(file: string, pages: { path: string; html: string }[]): void {
  const byPath = Object.fromEntries(pages.map(({ path, html }) => [path.split('?')[0], pageContentOf(html)]));
  writeFileSync(file, JSON.stringify(byPath));
}
