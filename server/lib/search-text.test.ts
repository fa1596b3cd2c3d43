import { describe, expect, it } from 'vitest';
import { editDistance, lexemeWord } from './search-text.ts';

describe('edit distance', () => {
  it('counts a missing, an extra, a changed and a swapped letter as one each', () => {
    expect(editDistance('festival', 'festval', 2)).toBe(1);
    expect(editDistance('festival', 'festivall', 2)).toBe(1);
    expect(editDistance('festival', 'festibal', 2)).toBe(1);
    expect(editDistance('festival', 'fesitval', 2)).toBe(1);
    expect(editDistance('saxophone', 'saxofone', 2)).toBe(2);
    expect(editDistance('jazz', 'jazz', 0)).toBe(0);
  });

  it('stops at the limit plus one for words further apart', () => {
    expect(editDistance('festival', 'carnival', 1)).toBe(2);
    expect(editDistance('jazz', 'xylophone', 2)).toBe(3);
    expect(editDistance('', 'ab', 2)).toBe(2);
  });
});

describe('the word of a lexeme', () => {
  it('folds accents and case, and leaves out lexemes of several words or none', () => {
    expect(lexemeWord('zürich')).toBe('zurich');
    expect(lexemeWord('2026')).toBe('2026');
    expect(lexemeWord('jazz-festival')).toBeNull();
    expect(lexemeWord('example.com')).toBeNull();
    expect(lexemeWord('the')).toBeNull();
    expect(lexemeWord('x')).toBeNull();
  });
});
