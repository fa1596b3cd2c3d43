import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BootState } from '../../lib/boot-state.ts';
import { BootStateProvider } from '../../lib/public-config.tsx';
import { MarkdownText } from './markdown-text.tsx';

function render(source: string, allowedExternalOrigins: string[] = []) {
  const state = { origin: 'https://admit.test', config: { allowedExternalOrigins } } as unknown as BootState;
  return renderToStaticMarkup(
    <BootStateProvider value={state}>
      <MarkdownText source={source} />
    </BootStateProvider>,
  );
}

describe('event descriptions', () => {
  it('render Markdown as elements and HTML as text', () => {
    const html = render('Hello **world**\n\n<script>alert(1)</script>\n\n- one\n- two');
    expect(html).toContain('<p>Hello <strong>world</strong></p>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
  });

  it('link to allowed sites in a new tab with rel noopener noreferrer nofollow', () => {
    const html = render('[Info](https://example.com/info)', ['https://example.com']);
    expect(html).toContain('<a href="https://example.com/info" target="_blank" rel="noopener noreferrer nofollow">Info</a>');
  });

  it('show links to sites the app refuses as readable text, not as a link that would be blocked', () => {
    const html = render('[Info](https://elsewhere.example/info)');
    expect(html).not.toContain('<a ');
    expect(html).toContain('elsewhere.example/info');
  });

  it('keep links on this site as ordinary links', () => {
    expect(render('[More](https://admit.test/about-us)')).toContain('<a href="https://admit.test/about-us">More</a>');
  });
});
