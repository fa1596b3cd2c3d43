/** Renders one of our own Markdown documents, converted to HTML at build time. */
export function MarkdownDocument({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted Markdown from this repository, rendered at build time
  return <article className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
