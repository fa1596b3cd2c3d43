/** The policy pages under /policy/{slug}; each is a Markdown file in ./content. */
export const policySlugs = ['cookies', 'stakeholders', 'terms-of-use', 'users'] as const;
export type PolicySlug = (typeof policySlugs)[number];
export type DocumentName = PolicySlug | 'terms' | 'policy-index' | 'about-us';

const descriptions: Record<DocumentName, string> = {
  cookies: 'The cookies and on-device storage Admit uses, what each is for and how to clear them.',
  stakeholders: 'What attendees, organisers, their teams and Admit can expect of one another.',
  'terms-of-use': 'How the Admit website and app may be used, and what is not allowed.',
  users: 'How Admit collects, uses and protects your personal data, and your rights.',
  terms: 'The terms and conditions for buying and selling tickets on Admit.',
  'policy-index': 'All of Admit’s policies in one place.',
  'about-us': 'Admit is an event ticketing marketplace for attendees and organisers.',
};

type MarkdownModule = { html: string; title: string };

// Loaded on demand so each document is only downloaded by those who read it.
const documents = import.meta.glob<MarkdownModule>('./content/*.md', { import: 'default' });

export function isPolicySlug(value: string | undefined): value is PolicySlug {
  return policySlugs.includes(value as PolicySlug);
}

export async function loadDocument(name: DocumentName) {
  const load = documents[`./content/${name}.md`];
  if (!load) throw new Error(`No document named ${name}`);
  const { html, title } = await load();
  return { html, title, description: descriptions[name] };
}
