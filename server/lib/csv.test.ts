import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['line\nbreak', 'plain'],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",plain\r\n');
  });

  it('keeps a cell a spreadsheet would run as a formula as text, but not a negative amount', () => {
    expect(toCsv(['n'], [['=1+2'], ['+44 20'], ['@SUM(A1)'], ['-12.50'], ['-x']])).toBe(
      "n\r\n'=1+2\r\n'+44 20\r\n'@SUM(A1)\r\n-12.50\r\n'-x\r\n",
    );
  });
});
