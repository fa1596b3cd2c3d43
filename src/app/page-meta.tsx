import { useLocation } from 'react-router';
import { useBootState } from '../lib/public-config.tsx';

interface PageMetaProps {
  title: string;
  description: string;
  /** Keeps the page out of search results (account pages, errors). */
  noIndex?: boolean;
}

/** Per-page title, description, canonical and Open Graph tags; React hoists them into <head>. */
export function PageMeta({ title, description, noIndex = false }: PageMetaProps) {
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
      <meta property="og:image" content={`${origin}/icons/icon-512.png`} />
      <meta name="twitter:card" content="summary" />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
