import type { DehydratedState } from '@tanstack/react-query';
import type { PublicConfig } from '../contract/public-config.ts';

/** What the server hands to the browser in the page, besides the router's hydration data. */
export interface BootState {
  config: PublicConfig;
  /** The site's own origin, for canonical and Open Graph URLs. */
  origin: string;
  dehydrated: DehydratedState | null;
  /**
   * Stylesheets, and the chunks the head preloads beside the entry (the app shell's; a page the server rendered
   * asks for its chunks once it has painted, decision 079). `cssInline`: the server wrote the stylesheets' text
   * into the page (a `<style>` per href) instead of links, so the first paint waits for no other request.
   * `whole`: the sheet written is the page's own (decision 080); a page other than `pages` needs the app's, `href`.
   */
  assets: {
    css: string[];
    cssInline?: boolean;
    modulePreloads: string[];
    whole?: { href: string; pages: string[] };
  };
  /**
   * The app shell (`/app-shell`): a document with no page in it, kept by the service worker and rendered in
   * the browser for whatever address it stands in for (the door, My tickets, any page when offline).
   */
  shell: boolean;
  /** The chunk of each page module on this page (build manifest key → URL), loaded without the map of all pages. */
  pages?: Record<string, string>;
  /**
   * The ids of the routes the server matched, root first. The browser loads their code before hydrating by id, so
   * the route table is matched once, by the router, instead of twice. The shell has none: its address is matched
   * in the browser.
   */
  routeIds?: string[];
  /** Development only: Vite's client preamble. */
  devHead?: string;
}

export const bootStateGlobal = '__ADMIT__';
export const payloadErrorGlobal = '__ADMIT_PAYLOAD_ERROR__';

declare global {
  interface Window {
    __ADMIT__?: BootState;
    __ADMIT_PAYLOAD_ERROR__?: unknown;
  }
}

/** Serialises a value for an inline script: no `</script>`, comment or line-separator tricks survive. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
