import { describe, expect, it } from 'vitest';
import { pageContentOf } from './page-content.ts';

describe('the page floor’s content', () => {
  it('keeps every stylesheet and the body without its scripts', () => {
    const html =
      '<!DOCTYPE html><html><head><style data-href="/a.css">.a{color:red}</style><style>.b{}</style>' +
      '<script>window.x=1</script></head><body class="x"><header>Admit</header>' +
      '<script id="_R_">window.__ADMIT__={"a":"</p>"}</script><main><p>Hi</p></main><script type="module" src="/e.js"></script></body></html>';
    expect(pageContentOf(html)).toEqual({
      stylesheet: '.a{color:red}\n.b{}',
      body: '<header>Admit</header><main><p>Hi</p></main>',
    });
  });

  it('gives an empty page for HTML without a body', () => {
    expect(pageContentOf('<p>loose</p>')).toEqual({ stylesheet: '', body: '' });
  });
});
