import { useLocation } from 'react-router';
import { serializeForScript } from '../lib/boot-state.ts';
import { useBootState } from '../lib/public-config.tsx';

interface PageMetaProps {
  title: string;
  description: string;
  /** Keeps the page out of search results (account pages, errors). */
  noIndex?: boolean;
  /** The share image (an event's cover); the app icon when absent. Relative URLs are made absolute. */
  image?: { url: string; alt: string; width?: number; height?: number } | null;
  /** Structured data (schema.org) for search engines, as a JSON-LD data block. */
  jsonLd?: Record<string, unknown> | null;
}

/** An absolute URL on this site for a path; absolute URLs are kept. */
export const absoluteUrl = (origin: string, url: string) => new URL(url, `${origin}/`).toString();

/** Per-page title, description, canonical and Open Graph tags; React hoists them into <head>. */
export function PageMeta({ title, description, noIndex = false, image = null, jsonLd = null }: PageMetaProps) {
  const { origin } = useBootState();
  const { pathname } = useLocation();
  const url = `${origin}${pathname}`;
  const fullTitle = title === 'Admit' ? title : `${title} · Admit`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Admit" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image ? (
        <>
          <meta property="og:image" content={absoluteUrl(origin, image.url)} />
          <meta property="og:image:alt" content={image.alt} />
          {image.width ? <meta property="og:image:width" content={String(image.width)} /> : null}
          {image.height ? <meta property="og:image:height" content={String(image.height)} /> : null}
          <meta name="twitter:card" content="summary_large_image" />
        </>
      ) : (
        <>
          <meta property="og:image" content={`${origin}/icons/icon-512.png`} />
          <meta name="twitter:card" content="summary" />
        </>
      )}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      {/* A data block, never executed, so the page's script nonce does not apply; `<` is escaped so it cannot close the tag. */}
      {jsonLd ? <script type="application/ld+json">{serializeForScript(jsonLd)}</script> : null}
    </>
  );
}
