import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** Renders one of our own Markdown documents, converted to HTML at build time. */
export function MarkdownDocument({ html }: { html: string }) {
  const navigate = useNavigate();
  // Links between our own pages stay in the app instead of reloading it.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest('a[href^="/"]');
    if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(anchor.getAttribute('href') ?? '/', { viewTransition: true });
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click too, so keyboards work
    // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted Markdown from this repository, rendered at build time
    <article className="prose" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
