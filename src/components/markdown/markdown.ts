/**
 * A deliberately tiny Markdown reader for event descriptions: paragraphs, headings, lists,
 * **bold**, *italic* and links. It yields a tree that is rendered as React elements, so no
 * HTML written by an organiser ever reaches the page as markup.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

const maxDepth = 4;

// Alternatives in priority order; the first that matches earliest wins.
const inlinePattern = new RegExp(
  [
    String.raw`\\(?<escaped>[\\*_\[\]()#\-+.!])`,
    String.raw`\*\*(?<strong>\S(?:[\s\S]*?\S)?)\*\*`,
    String.raw`(?<![\w])__(?<strong2>\S(?:[\s\S]*?\S)?)__(?![\w])`,
    String.raw`\*(?<em>\S(?:[\s\S]*?\S)?)\*`,
    String.raw`(?<![\w])_(?<em2>\S(?:[\s\S]*?\S)?)_(?![\w])`,
    String.raw`\[(?<label>[^\]\n]+)\]\(\s*(?<href>(?:[^()\s]|\([^()\s]*\))+)\s*\)`,
    String.raw`(?<bare>https?://[^\s<>()]*[^\s<>().,;:!?'"])`,
  ].join('|'),
  'g',
);

/** Only web links and paths on this site survive; `javascript:`, `data:` and the like become plain text. */
export function safeHref(href: string): string | null {
  // A path on this site ("/help-desk"), never "//host" or "/\\host", which browsers read as another origin.
  if (/^\/(?![/\\])/.test(href)) {
    const url = new URL(href, 'http://admit.invalid');
    return url.origin === 'http://admit.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
  }
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function pushText(nodes: Inline[], text: string) {
  if (!text) return;
  const last = nodes.at(-1);
  if (last?.type === 'text') last.text += text;
  else nodes.push({ type: 'text', text });
}

export function parseInline(source: string, depth = 0): Inline[] {
  const nodes: Inline[] = [];
  if (depth > maxDepth) {
    pushText(nodes, source);
    return nodes;
  }
  let cursor = 0;
  for (const match of source.matchAll(inlinePattern)) {
    const groups = match.groups ?? {};
    pushText(nodes, source.slice(cursor, match.index));
    cursor = match.index + match[0].length;
    if (groups.escaped !== undefined) pushText(nodes, groups.escaped);
    else if (groups.strong !== undefined || groups.strong2 !== undefined)
      nodes.push({ type: 'strong', children: parseInline(groups.strong ?? groups.strong2 ?? '', depth + 1) });
    else if (groups.em !== undefined || groups.em2 !== undefined)
      nodes.push({ type: 'em', children: parseInline(groups.em ?? groups.em2 ?? '', depth + 1) });
    else if (groups.label !== undefined) {
      const href = safeHref(groups.href ?? '');
      const children = parseInline(groups.label, depth + 1);
      if (href) nodes.push({ type: 'link', href, children });
      else nodes.push(...children);
    } else if (groups.bare !== undefined) {
      const href = safeHref(groups.bare);
      if (href) nodes.push({ type: 'link', href, children: [{ type: 'text', text: groups.bare }] });
      else pushText(nodes, groups.bare);
    }
  }
  pushText(nodes, source.slice(cursor));
  return nodes;
}

/** Lines joined into one run of inline content, with a line break where the source had one. */
function inlineLines(lines: string[]): Inline[] {
  const nodes: Inline[] = [];
  lines.forEach((line, index) => {
    if (index > 0) nodes.push({ type: 'break' });
    nodes.push(...parseInline(line.trim()));
  });
  return nodes;
}

const bulletItem = /^\s{0,3}[-*+]\s+(.*)$/;
const orderedItem = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const headingLine = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[][] } | null = null;

  const closeParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: inlineLines(paragraph) });
    paragraph = [];
  };
  const closeList = () => {
    if (list)
      blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map((item) => inlineLines([item.join(' ')])) });
    list = null;
  };

  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      closeParagraph();
      closeList();
      continue;
    }
    const bullet = bulletItem.exec(line);
    const numbered = bullet ? null : orderedItem.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      closeParagraph();
      if (list && list.ordered !== ordered) closeList();
      list ??= { ordered, items: [] };
      list.items.push([(bullet ?? numbered)?.[1] ?? '']);
      continue;
    }
    const heading = headingLine.exec(line);
    if (heading) {
      closeParagraph();
      closeList();
      blocks.push({ type: 'heading', children: parseInline(heading[1] ?? '') });
      continue;
    }
    // An indented line under a list item continues that item; any other line continues the paragraph.
    const openList = list as { items: string[][] } | null;
    if (openList && /^\s+/.test(line)) {
      openList.items.at(-1)?.push(line.trim());
      continue;
    }
    closeList();
    paragraph.push(line);
  }
  closeParagraph();
  closeList();
  return blocks;
}
