import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';

export interface PageCacheSettings {
  /** Seconds a proxy or CDN may serve the page without asking again; 0: never shared. */
  sharedSeconds: number;
  /** Seconds after that it may still serve the page it has while it fetches a fresh one. */
  staleSeconds: number;
}

/** What every page a shared cache must not keep says: the visitor's browser alone may, and asks first. */
export const privatePage = 'private, no-cache';

/**
 * A page may be kept by a proxy and handed to anyone when it is a public page (the same `keepable` the
 * service worker goes by: no guard, nothing of the visitor, answered 200) and the request carries no cookie
 * at all: no session, no acting token, nothing an earlier visit left that could make it someone's page.
 */
export function mayShare(page: { keepable: boolean; cookieHeader: string | undefined }, settings: PageCacheSettings): boolean {
  return page.keepable && settings.sharedSeconds > 0 && !page.cookieHeader?.trim();
}

/** Browsers ask again each time (`max-age=0`); a proxy serves its copy for a while and refreshes it behind. */
export const sharedCacheControl = (settings: PageCacheSettings) =>
  `public, max-age=0, s-maxage=${settings.sharedSeconds}, stale-while-revalidate=${settings.staleSeconds}`;

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * A nonce handed to every visitor of a cached copy is no secret: a page that may be shared lists the hash of
 * each inline script the renderer wrote (those carrying this response's nonce; anything else inline is not
 * ours and stays blocked) and drops the nonce from the HTML.
 */
export function hashInlineScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const mark = `nonce="${nonce}"`;
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScript)) {
    if (!attributes.includes(mark) || /\bsrc=/.test(attributes)) continue;
    hashes.push(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return { html: html.replaceAll(` ${mark}`, ''), hashes: [...new Set(hashes)] };
}

/** The whole rendered page as text: a shared page is hashed once it is complete, so it is not streamed. */
export function readWhole(pipe: (destination: Writable) => void): Promise<string> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<string>((resolve, reject) => {
    sink.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.once('error', reject);
  });
  pipe(sink);
  return done;
}
