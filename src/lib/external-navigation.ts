/** Schemes that open another app rather than a page; allowed without an origin check. */
const handOffSchemes = new Set(['mailto:', 'tel:']);

export type NavigationVerdict = 'internal' | 'allowed-external' | 'refused';

/**
 * Decides whether the app may navigate to `href`: same-origin paths always, other origins only
 * when listed, script URLs never.
 */
export function judgeNavigation(href: string, currentOrigin: string, allowedOrigins: readonly string[]): NavigationVerdict {
  let url: URL;
  try {
    url = new URL(href, currentOrigin);
  } catch {
    return 'refused';
  }
  if (url.protocol === 'javascript:' || url.protocol === 'data:' || url.protocol === 'vbscript:') return 'refused';
  if (handOffSchemes.has(url.protocol)) return 'allowed-external';
  // Downloads the app made itself (calendar files): a blob URL of this very origin.
  if (url.protocol === 'blob:') return url.origin === currentOrigin ? 'internal' : 'refused';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'refused';
  if (url.origin === currentOrigin) return 'internal';
  return allowedOrigins.includes(url.origin) ? 'allowed-external' : 'refused';
}

export const refusedNavigationMessage = 'That link leads outside Admit to a site we do not trust, so it was not opened.';
