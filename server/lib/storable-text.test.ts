import { describe, expect, it } from 'vitest';
import { unstorableText } from './storable-text.ts';

const nul = 'Text cannot contain the NUL character (U+0000).';

describe('text the database cannot store', () => {
  it('is found in nested objects and arrays, named by its field path, in the order sent', () => {
    const findings = unstorableText({
      params: { eventId: 'abc\u0000' },
      query: { q: ['fine', 'bad\u0000'] },
      body: { buyer: { name: 'Grace\u0000Hopper', email: 'g@example.test' }, attendees: [{ name: 'ok' }, { name: '\u0000' }] },
    });
    expect(findings).toEqual([
      { path: 'params.eventId', message: nul },
      { path: 'query.q.1', message: nul },
      { path: 'body.buyer.name', message: nul },
      { path: 'body.attendees.1.name', message: nul },
    ]);
  });

  it('is found in objects of any prototype, as the query parser makes them', () => {
    const query = Object.assign(Object.create(Object.create(null)), { q: '\u0000' });
    const params = Object.assign(Object.create(null), { id: '\u0000' });
    expect(unstorableText({ params, query }).map((finding) => finding.path)).toEqual(['params.id', 'query.q']);
  });

  it('includes keys, named without the character, and lone surrogate halves', () => {
    expect(unstorableText({ body: { 'a\u0000b': 1, title: 'broken \ud800 text', emoji: 'fine 🎷' } })).toEqual([
      { path: 'body.a\uFFFDb', message: nul },
      { path: 'body.title', message: 'Text cannot contain a broken character (half of a UTF-16 surrogate pair).' },
    ]);
  });

  it('finds nothing in ordinary text, numbers, nulls and uploaded bytes', () => {
    expect(
      unstorableText({
        params: { id: '5f0c' },
        query: {},
        body: { name: 'Zoë Ñandú — “quoted” 日本', count: 3, none: null, flag: false, bytes: Buffer.from([0, 0, 0]) },
      }),
    ).toEqual([]);
  });

  it('survives a body nested a hundred thousand levels deep, and reports at most twenty fields', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const [finding] = unstorableText({ body: deep });
    expect(finding?.path).toMatch(/^body(\.0)+…$/);
    expect(finding?.path.length).toBeLessThan(210);
    expect(unstorableText({ body: Array.from({ length: 50_000 }, () => '\u0000') })).toHaveLength(20);
  });
});
