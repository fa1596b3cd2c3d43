import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashInlineScripts, mayShare, sharedCacheControl } from './shared-page.ts';

const settings = { sharedSeconds: 60, staleSeconds: 300 };
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe('pages a proxy may keep', () => {
  it('are public pages asked for without any cookie', () => {
    expect(mayShare({ keepable: true, cookieHeader: undefined }, settings)).toBe(true);
    expect(mayShare({ keepable: true, cookieHeader: 'accessToken=x; u=1' }, settings)).toBe(false);
    expect(mayShare({ keepable: true, cookieHeader: 'knownDevice=abc' }, settings)).toBe(false);
    expect(mayShare({ keepable: false, cookieHeader: undefined }, settings)).toBe(false);
    expect(mayShare({ keepable: true, cookieHeader: undefined }, { ...settings, sharedSeconds: 0 })).toBe(false);
  });

  it('are fresh for the proxy for a while and always asked again by browsers', () => {
    expect(sharedCacheControl(settings)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  });

  it('list the hash of each script the renderer wrote and carry no nonce, while a script injected without it stays out', () => {
    const html =
      '<head><link rel="modulepreload" nonce="N0nce==" href="/a.js"/></head><body>' +
      '<script nonce="N0nce==" id="_R_">window.__boot={"a":1}</script>' +
      '<script type="module" src="/assets/entry.js" nonce="N0nce==" async=""></script>' +
      '<div><script>alert(1)</script></div></body>';
    const page = hashInlineScripts(html, 'N0nce==');
    expect(page.hashes).toEqual([sha256('window.__boot={"a":1}')]);
    expect(page.html).not.toContain('N0nce==');
    expect(page.html).toContain('<script id="_R_">window.__boot={"a":1}</script>');
    expect(page.hashes).not.toContain(sha256('alert(1)'));
  });
});
