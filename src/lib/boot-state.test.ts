import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeForScript } from './boot-state.ts';

describe('state inlined into the page', () => {
  it('cannot close the script tag or open a comment', () => {
    const out = serializeForScript({ name: '</script><script>alert(1)</script><!--', line: '\u2028\u2029' });
    expect(out).not.toMatch(/[<>\u2028\u2029]/);
  });

  it('reads back exactly what was written, whatever the data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = serializeForScript(value);
        expect(out).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
