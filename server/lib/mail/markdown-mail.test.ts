import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from './markdown-mail.ts';

describe('an organiser’s Markdown in a mail', () => {
  it('keeps emphasis, lists and web links', () => {
    const html = markdownToSafeHtml('Doors move to **20:00**.\n\n- bring ID\n- no bags\n\n[Venue](https://venue.example/map)');
    expect(html).toContain('<strong>20:00</strong>');
    expect(html).toContain('<li>bring ID</li>');
    expect(html).toContain('<a href="https://venue.example/map"');
  });

  it('shows raw HTML as text and drops scripts, images and unsafe links', () => {
    const html = markdownToSafeHtml(
      '<script>alert(1)</script> <img src=x onerror=alert(2)>\n\n![tracker](https://t.example/p.gif)\n\n[click](javascript:alert(3)) [x](data:text/html,hi)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<[^>]+onerror=/);
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('href="data');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('tracker');
    expect(html).toContain('click');
  });

  it('allows mail links', () => {
    expect(markdownToSafeHtml('[Write to us](mailto:hello@org.example)')).toContain('href="mailto:hello@org.example"');
  });
});
