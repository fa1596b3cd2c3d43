import { useEffect } from 'react';
import { allowedOriginsOf, judgeNavigation, refusedNavigationMessage } from '../lib/external-navigation.ts';
import { useBootState } from '../lib/public-config.tsx';
import { toast } from '../lib/toasts.tsx';

/** Refuses clicks on links to origins that are not on the allowlist, and script URLs always. */
export function ExternalLinkGuard() {
  const { config } = useBootState();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const origin = window.location.origin;
      const verdict = judgeNavigation(anchor.getAttribute('href') ?? '', origin, allowedOriginsOf(config, origin));
      if (verdict !== 'refused') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      toast.warning(refusedNavigationMessage);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [config]);
  return null;
}
