import type { PublicConfig } from '../contract/public-config.ts';
import { toast } from './toasts.tsx';

/**
 * The one guard for leaving Admit (decision 049): every link, page load, new tab or redirect an API answer asks
 * for is judged here. tests/lint/leaving-admit.test.ts keeps navigation code elsewhere from going round it.
 */

/** Schemes that open another app rather than a page; allowed without an origin check. */
const handOffSchemes = new Set(['mailto:', 'tel:']);

export type NavigationVerdict = 'internal' | 'allowed-external' | 'refused';

/**
 * Decides whether the app may navigate to `href`: same-origin paths always, other origins only
 * when listed, script URLs never. The URL parser drops the spaces, tabs and control characters
 * a browser would ignore too, so `\tjava\nscript:` is judged as the `javascript:` it is.
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

/**
 * The origins this page may send people to: those the server lists (the map, the payment provider in use, the
 * operator's own), and the API's when it is served from another origin (its signed file downloads).
 */
export function allowedOriginsOf(config: Pick<PublicConfig, 'allowedExternalOrigins' | 'apiBase'>, origin: string): string[] {
  let api: string | null = null;
  try {
    api = new URL(config.apiBase, origin).origin;
  } catch {
    api = null;
  }
  return api && api !== origin ? [...config.allowedExternalOrigins, api] : [...config.allowedExternalOrigins];
}

export const refusedNavigationMessage = 'That link leads outside Admit to a site we do not trust, so it was not opened.';

/** The host people would see in the address bar, for saying which site Admit does not open. */
export function hostOf(href: string): string {
  try {
    return new URL(href).host || href;
  } catch {
    return href;
  }
}

interface NavigateOptions {
  /** A new tab, without access back to this page (an online event's stream). */
  newTab?: boolean;
  /** Replaces this page in the history (a redirect the person should not come back to). */
  replace?: boolean;
}

/**
 * Loads `href` — a page of Admit or an allowed site — or refuses it with a toast and leaves the person where
 * they are. Returns whether it went.
 */
export function navigateTo(href: string, { newTab = false, replace = false }: NavigateOptions = {}): boolean {
  const origin = window.location.origin;
  const config = window.__ADMIT__?.config;
  const verdict = judgeNavigation(href, origin, config ? allowedOriginsOf(config, origin) : []);
  if (verdict === 'refused') {
    toast.warning(refusedNavigationMessage);
    return false;
  }
  if (newTab) window.open(new URL(href, origin).href, '_blank', 'noopener,noreferrer');
  else if (replace) window.location.replace(href);
  else window.location.assign(href);
  return true;
}
