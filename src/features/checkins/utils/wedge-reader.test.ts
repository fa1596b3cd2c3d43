import { describe, expect, it } from 'vitest';
import { createWedgeReader } from './wedge-reader.ts';

const type = (reader: ReturnType<typeof createWedgeReader>, text: string, start: number, gap: number) => {
  let at = start;
  for (const key of text) {
    reader.key(key, at);
    at += gap;
  }
  return reader.key('Enter', at);
};

describe('a keyboard-wedge scanner', () => {
  it('reads a fast burst of keys ending with Enter as one code', () => {
    const codes: string[] = [];
    const reader = createWedgeReader((code) => codes.push(code));
    expect(type(reader, 'AD1ABCDEFGHIJ', 0, 5)).toBe(true);
    expect(codes).toEqual(['AD1ABCDEFGHIJ']);
  });

  it('ignores a person typing slowly and short bursts', () => {
    const codes: string[] = [];
    const reader = createWedgeReader((code) => codes.push(code));
    expect(type(reader, 'AD1ABCDEFGHIJ', 0, 200)).toBe(false);
    expect(type(reader, 'ok', 10_000, 5)).toBe(false);
    expect(codes).toEqual([]);
  });
});
