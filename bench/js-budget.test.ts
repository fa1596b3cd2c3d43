import { describe, expect, it } from 'vitest';
import { startAfterPaintScript } from '../src/app/start-after-paint.ts';
import { scriptsBeforeInteractive } from './js-budget.ts';

describe('the scripts a page fetches before it is interactive', () => {
  it('reads a module script and its preloads from the tags (the floor)', () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/></head>' +
      '<body><script type="module" src="/assets/entry.js" async=""></script></body>';
    expect(scriptsBeforeInteractive(html)).toEqual({ entry: '/assets/entry.js', urls: ['/assets/entry.js', '/assets/a.js'] });
  });

  it('reads them from the boot script of a page that asks for its code once painted', () => {
    const start = startAfterPaintScript({ entry: '/assets/e.js', modules: ['/assets/e.js', '/assets/f.js'] });
    const html = `<body><script>window.__ADMIT__={"assets":{"css":[],"modulePreloads":[]}};${start}</script></body>`;
    expect(scriptsBeforeInteractive(html)).toEqual({ entry: '/assets/e.js', urls: ['/assets/e.js', '/assets/f.js'] });
  });

  it('refuses a page that names no entry', () => {
    expect(() => scriptsBeforeInteractive('<body><h1>Floor</h1></body>')).toThrow(/no entry/);
  });
});
