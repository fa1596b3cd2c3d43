import type { ReactNode } from 'react';
import { allowedOriginsOf, judgeNavigation, type NavigationVerdict } from './external-navigation.ts';
import { useBootState } from './public-config.tsx';

/**
 * Judges `href` as the page is rendered, the same on the server and in the browser, so a link the guard
 * refuses is never in the page, not even before it hydrates.
 */
export function useNavigationVerdict(): (href: string) => NavigationVerdict {
  const { origin, config } = useBootState();
  const allowed = allowedOriginsOf(config, origin);
  return (href) => judgeNavigation(href, origin, allowed);
}

interface OutboundLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  /** Shown instead of the link when the guard refuses it; the children as plain text when absent. */
  refused?: ReactNode;
}

/** A link to another site, opened in a new tab, rendered only when the guard allows that site. */
export function OutboundLink({ href, className, children, refused }: OutboundLinkProps) {
  const verdict = useNavigationVerdict()(href);
  if (verdict === 'refused') return <>{refused ?? children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={className}>
      {children}
    </a>
  );
}
