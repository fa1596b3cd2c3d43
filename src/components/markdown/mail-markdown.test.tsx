import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { decodeEntities, MailMarkdown } from './mail-markdown.tsx';

const render = (source: string) => renderToStaticMarkup(<MailMarkdown source={source} />);

describe('a message’s Markdown as attendees read it', () => {
  it('draws emphasis, lists, quotes and kept line breaks as elements', () => {
    const html = render('Doors move to **20:00**.\nBring *ID*.\n\n- one\n- two\n\n> Quoted');
    expect(html).toContain('<p>Doors move to <strong>20:00</strong>.<br/>Bring <em>ID</em>.</p>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<blockquote');
    expect(html).toContain('<p>Quoted</p>');
  });

  it('shows raw HTML, scripts and event handlers as the text they are, never as markup', () => {
    const html = render('<script>alert(1)</script>\n\nHi <img src=x onerror="alert(2)"> <b>bold</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('names where a link points without leading there, and drops links that are not web or mail', () => {
    const html = render('[Venue map](https://venue.example/map) · [Write](mailto:box@org.example) · [x](javascript:alert(1))');
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Venue map</span><span class="break-all text-slate-600"> (https://venue.example/map)</span>');
    expect(html).toContain('(box@org.example)');
    expect(html).toContain('· x');
  });

  it('shows an image as its description: a mail that loads remote images tells who read it', () => {
    const html = render('![The stage](https://tracker.example/pixel.png)');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('The stage');
  });

  it('reads character references as the mail does', () => {
    expect(decodeEntities('Fish &amp; chips &#8211; &#x2014; &unknown;')).toBe('Fish & chips – — &unknown;');
    expect(render('Fish &amp; chips')).toContain('<p>Fish &amp; chips</p>');
  });
});
