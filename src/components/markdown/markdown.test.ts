import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown.ts';

describe('the description Markdown reader', () => {
  it('reads paragraphs, lists, bold and italic', () => {
    expect(parseMarkdown('An evening of **modern jazz**.\n\n- Doors 19:30\n- *Late* bar')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'An evening of ' },
          { type: 'strong', children: [{ type: 'text', text: 'modern jazz' }] },
          { type: 'text', text: '.' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        items: [
          [{ type: 'text', text: 'Doors 19:30' }],
          [
            { type: 'em', children: [{ type: 'text', text: 'Late' }] },
            { type: 'text', text: ' bar' },
          ],
        ],
      },
    ]);
  });

  it('reads numbered lists and keeps line breaks inside a paragraph', () => {
    const [list, paragraph] = parseMarkdown('1. One\n2. Two\n\nLine one\nLine two');
    expect(list).toMatchObject({ type: 'list', ordered: true, items: [[{ text: 'One' }], [{ text: 'Two' }]] });
    expect(paragraph).toMatchObject({
      type: 'paragraph',
      children: [{ text: 'Line one' }, { type: 'break' }, { text: 'Line two' }],
    });
  });

  it('keeps web links and turns script and data links into their text', () => {
    expect(parseInline('[Site](https://example.com/a)')).toEqual([
      { type: 'link', href: 'https://example.com/a', children: [{ type: 'text', text: 'Site' }] },
    ]);
    expect(parseInline('[Wiki](https://en.wikipedia.org/wiki/Jazz_(music))')).toEqual([
      { type: 'link', href: 'https://en.wikipedia.org/wiki/Jazz_(music)', children: [{ type: 'text', text: 'Wiki' }] },
    ]);
    expect(parseInline('[click](javascript:alert(1)).')).toEqual([{ type: 'text', text: 'click.' }]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ type: 'text', text: 'x' }]);
    expect(safeHref('JAVASCRIPT:alert(1)')).toBeNull();
  });

  it('keeps paths on this site and refuses protocol-relative ones', () => {
    expect(safeHref('/help-desk/payments?x=1#a')).toBe('/help-desk/payments?x=1#a');
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref('/\\evil.example/x')).toBeNull();
    expect(parseInline('[desk](//evil.example)')).toEqual([{ type: 'text', text: 'desk' }]);
  });

  it('links bare web addresses without the trailing full stop', () => {
    expect(parseInline('See https://example.com/info.')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', href: 'https://example.com/info', children: [{ type: 'text', text: 'https://example.com/info' }] },
      { type: 'text', text: '.' },
    ]);
  });

  it('leaves HTML as text, never markup', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });

  it('does not treat snake_case words or escaped stars as emphasis', () => {
    expect(parseInline('snake_case_name and \\*literal\\*')).toEqual([{ type: 'text', text: 'snake_case_name and *literal*' }]);
  });
});
