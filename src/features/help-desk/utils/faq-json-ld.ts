import type { HelpArticle } from '#contract/help-desk.ts';

/** Markdown reduced to plain text for structured data: link targets, emphasis and list marks dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_#`>]/g, '')
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** schema.org/FAQPage for one article: its title is the question, its body the answer. */
export function faqJsonLd(article: Pick<HelpArticle, 'title' | 'body'>): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: [
      {
        '@type': 'Question',
        name: article.title,
        acceptedAnswer: { '@type': 'Answer', text: plainText(article.body) },
      },
    ],
  };
}
