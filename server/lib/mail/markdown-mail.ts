import { Marked, type Tokens } from 'marked';
import { brand, escapeHtml } from './templates.ts';

// An organiser's Markdown, as mail HTML that can carry nothing but text, emphasis, lists, quotes and links: raw HTML is
// shown as the text it is, images as their description (a mail that loads remote images tells the sender who read
// it), and a link goes only to a web page or an email address (decision 066).

const safeHref = (href: string) => (/^(https?:\/\/|mailto:)/i.test(href.trim()) ? href.trim() : null);

const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { href, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      return safe ? `<a href="${escapeHtml(safe)}" style="color:${brand};">${inner}</a>` : inner;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

/** The Markdown as HTML safe to put in a mail (or a page). */
export function markdownToSafeHtml(source: string): string {
  return markdown.parse(source) as string;
}
