import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './source-files.ts';

// Text people read uses one apostrophe, the typographic ’ most of the app's copy already used (88 to 18 when this
// test was written), so "can’t" and "the organiser’s" never sit beside "can't" on one screen. The scan reads the
// text of JSX and of string literals that hold words with a space between them (code strings such as a date-fns
// pattern `yyyy-MM-dd'T'HH:mm` have none); comments, regular expressions and CSS are not text people read.

interface Straight {
  file: string;
  line: number;
  text: string;
}

/**
 * A straight ' used as an apostrophe: inside a word (can't, organiser's), after a plural (organisers' tickets), or
 * starting the text after a name put in front of it (`${name}'s tickets`).
 */
const straightApostrophe = /\p{L}'\p{L}|\p{L}s'(?=[\s.,;:!?)]|$)|^'s(?=\s|$)/u;

const isProse = (node: ts.Node, text: string) => ts.isJsxText(node) || /\p{L}\s+\p{L}/u.test(text);

/** The text of a literal or JSX text node; null for any other node. */
function literalText(node: ts.Node): string | null {
  if (ts.isJsxText(node)) return node.text;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return null;
}

/** Every piece of text in a file that a person reads with a straight apostrophe in it. */
function straightApostrophesIn(file: string, text: string): Straight[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Straight[] = [];
  const visit = (node: ts.Node): void => {
    const value = literalText(node);
    if (value !== null && isProse(node, value) && straightApostrophe.test(value)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ file, line, text: value.trim() });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('apostrophes in the app’s text', () => {
  it('are the typographic ’ everywhere', () => {
    const found = sourceFiles('src').flatMap((file) => straightApostrophesIn(file, readFileSync(join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('are found straight in JSX text, attributes, strings and templates', () => {
    const texts = (text: string) => straightApostrophesIn('x.tsx', text).map((found) => found.text);
    expect(texts("<p>You can't undo this.</p>")).toEqual(["You can't undo this."]);
    expect(texts('<input placeholder="The organiser\'s name" />')).toEqual(["The organiser's name"]);
    expect(texts('toast.error("This browser can\'t work offline");')).toEqual(["This browser can't work offline"]);
    expect(texts(`const line = \`The \${name}'s tickets\`;`)).toEqual(["'s tickets"]);
    expect(texts("const hint = 'Shown on the organisers\\' page';")).toEqual(["Shown on the organisers' page"]);
  });

  it('leaves code, comments, regular expressions and curly text alone', () => {
    const texts = (text: string) => straightApostrophesIn('x.tsx', text);
    expect(texts('format(date, "yyyy-MM-dd\'T\'HH:mm:ssxxx");')).toEqual([]);
    expect(texts("// the organiser's event\nconst a = 1;")).toEqual([]);
    expect(texts("const quote = /can't/;")).toEqual([]);
    expect(texts('const selector = "input[name=\'q\']";')).toEqual([]);
    expect(texts('<p>You can’t undo this.</p>')).toEqual([]);
  });
});
