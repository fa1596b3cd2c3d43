import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Decision 049: every navigation that may leave Admit goes through one guard. Code that loads an address itself
// (an assignment to location, location.assign/replace with anything but a literal path, window.open, a new-tab
// link whose address is computed) anywhere else would go round it, so this scan refuses it.
const root = fileURLToPath(new URL('../../', import.meta.url));
const guardModule = new Set(['src/lib/external-navigation.ts', 'src/lib/outbound-link.tsx']);

interface Bypass {
  file: string;
  line: number;
  what: string;
}

/** A literal path on this site: `'/sign-in'`, never `'//host'` or anything computed. */
const literalPath = /^\s*(['"`])\/(?![/\\])[^'"`$\\]*\1\s*$/;

/** The text of the JSX opening tag starting at `start` (`<a …>`), braces and strings inside it skipped. */
function openingTag(text: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (quote) {
      if (char === quote && text[index - 1] !== '\\') quote = null;
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === '>' && depth === 0) return text.slice(start, index + 1);
  }
  return text.slice(start);
}

/** Every place in `text` that navigates without the guard. */
function bypassesIn(file: string, text: string): Bypass[] {
  const found: Bypass[] = [];
  const at = (index: number, what: string) => found.push({ file, line: text.slice(0, index).split('\n').length, what });
  for (const match of text.matchAll(/\bwindow\s*\.\s*open\s*\(/g)) at(match.index, 'window.open(…)');
  for (const match of text.matchAll(/\blocation\s*\.\s*(assign|replace)\s*\(([^)]*)\)/g)) {
    if (!literalPath.test(match[2] ?? '')) at(match.index, `location.${match[1]}(${match[2]})`);
  }
  for (const match of text.matchAll(/\blocation\s*\.\s*href\s*=(?!=)|\b(window|document)\s*\.\s*location\s*=(?!=)/g)) {
    at(match.index, match[0]);
  }
  for (const match of text.matchAll(/<a\b/g)) {
    const tag = openingTag(text, match.index);
    if (!/\btarget\s*=\s*(\{\s*)?["'`]_blank/.test(tag)) continue;
    const href = /\bhref\s*=\s*("[^"]*"|'[^']*'|\{)/.exec(tag);
    if (!href || href[1] === '{') at(match.index, 'a target="_blank" with a computed href');
  }
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-helper)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('leaving Admit', () => {
  it('goes through the one guard everywhere in the app', () => {
    const bypasses = sourceFiles(join(root, 'src'))
      .map((path) => relative(root, path).replaceAll('\\', '/'))
      .filter((file) => !guardModule.has(file))
      .flatMap((file) => bypassesIn(file, readFileSync(join(root, file), 'utf8')));
    expect(bypasses).toEqual([]);
  });

  it('is refused to code that loads an address itself', () => {
    const lines = (text: string) => bypassesIn('x.tsx', text).map((bypass) => bypass.what);
    expect(lines("window.open(url.href, '_blank', 'noopener')")).toEqual(['window.open(…)']);
    expect(lines('onSuccess: (answer) => window.location.assign(answer.url)')).toEqual(['location.assign(answer.url)']);
    expect(lines("window.location.replace('//evil.example')")).toEqual(["location.replace('//evil.example')"]);
    expect(lines('window.location.href = next;')).toEqual(['location.href =']);
    expect(lines('document.location = next;')).toEqual(['document.location =']);
    expect(lines('<a href={map} target="_blank" rel="noopener">Map</a>')).toEqual(['a target="_blank" with a computed href']);
    expect(lines('<a\n  onClick={() => x > 1}\n  target={"_blank"}\n  href={url}\n>')).toEqual([
      'a target="_blank" with a computed href',
    ]);
  });

  it('lets literal paths on this site and links that stay in the tab through', () => {
    const lines = (text: string) => bypassesIn('x.tsx', text);
    expect(lines("window.location.assign('/sign-in')")).toEqual([]);
    expect(lines('if (window.location.href === here) return;')).toEqual([]);
    expect(lines('<a href="https://www.openstreetmap.org" target="_blank">Map</a>')).toEqual([]);
    expect(lines('<a href={eventPath} className="x">Event</a>')).toEqual([]);
  });
});
